import { createHash } from 'node:crypto'
import type { Actor } from '../../auth/actor'

/**
 * A short fingerprint of what the caller may open and do: role, screens and buttons. The
 * console polls it (`/menu/version`, every few seconds while its tab is visible) and asks for
 * its menus again when it differs from the one its menus came with, so a right removed from a
 * role is gone from every holder's open console within seconds, reload or not
 * (docs/console-shell.md, "Rights follow at once"). Built from the actor, whose grants every
 * instance re-reads as soon as a role changes, so it costs no query of its own.
 */
export function rightsVersion(actor: Actor): string {
  const rights = [
    actor.roleId,
    actor.platformAdmin,
    [...actor.menus].sort(),
    [...actor.buttons].sort(),
  ]
  return createHash('sha256').update(JSON.stringify(rights)).digest('hex').slice(0, 16)
}
