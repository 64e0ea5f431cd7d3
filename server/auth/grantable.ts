import { SCREENS } from '../../src/lib/screens'
import type { Actor } from './actor'

/** What a role grants, by menu (screen) name and button code. */
export interface Grants {
  menus: Iterable<string>
  buttons: Iterable<string>
}

/**
 * Nobody grants a right they do not hold (issue 20): a role saved by `actor`, or a role
 * `actor` gives to an administrator, may name only menus and buttons the actor's own role
 * holds. The roles and administrators screens both ask this one question.
 */
export function grantsWithin(actor: Actor, grants: Grants): boolean {
  for (const menu of grants.menus) if (!actor.menus.has(menu)) return false
  for (const button of grants.buttons) if (!actor.buttons.has(button)) return false
  return true
}

/**
 * Screens only a platform-administrator role may hold (the whole platform's figures and
 * settings): the role editor and the devops module grant screen both refuse them to any other
 * role (1167).
 */
export const PLATFORM_ADMIN_ONLY: ReadonlySet<string> = new Set(
  SCREENS.filter((s) => s.platformAdminOnly).map((s) => s.name),
)
