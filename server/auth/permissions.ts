import type { ScreenName } from '../../src/lib/screens'
import type { ButtonCode } from '../../src/resources/registry'

/**
 * What a route needs. Every route declares one; the contract shows it as `x-permission`.
 * - public: anyone, no token
 * - signin: a session in the middle of sign-in (verification code or forced password change)
 * - session: any signed-in user
 * - menu: the user's role grants this screen
 * - button: the user's role grants this action (a write)
 * - platformAdmin: a user with platform reach (no company, no merchant) whose role carries
 *   the platform-administrator flag (roles.platform_admin): the ledger's admin operations
 */
export type Permission =
  | { kind: 'public' }
  | { kind: 'signin' }
  | { kind: 'session' }
  | { kind: 'menu'; menu: string }
  | { kind: 'button'; button: string }
  | { kind: 'platformAdmin' }

export const PUBLIC: Permission = { kind: 'public' }
export const SIGNIN: Permission = { kind: 'signin' }
export const SESSION: Permission = { kind: 'session' }
/** A screen of the registry: a misspelt name does not compile. */
export const menu = (name: ScreenName): Permission => ({ kind: 'menu', menu: name })
/** A button of the registry: a misspelt code does not compile. */
export const button = (code: ButtonCode): Permission => ({ kind: 'button', button: code })
export const PLATFORM_ADMIN: Permission = { kind: 'platformAdmin' }

export function describePermission(p: Permission): string {
  switch (p.kind) {
    case 'menu':
      return `menu:${p.menu}`
    case 'button':
      return `button:${p.button}`
    default:
      return p.kind
  }
}
