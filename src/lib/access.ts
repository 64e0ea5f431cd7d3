/**
 * The console's route rules (spec §2 Guard behaviour), pure so they are tested without a
 * browser: which registry screen a path is, whether the user's menus permit it, and which
 * return paths are safe to follow after sign-in.
 */
import { HIDDEN_BUILT_IN_MENUS, screenByUrl, type Screen } from './screens'

export function normalisePath(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname
}

export function screenOfPath(pathname: string): Screen | undefined {
  return screenByUrl.get(normalisePath(pathname))
}

const hidden = new Set<string>(HIDDEN_BUILT_IN_MENUS)

/**
 * A configured screen missing from the user's menu names is refused (→ /error-401). Paths that
 * are not configured screens are not the menu's business (they show the not-found page), and
 * the hidden built-in names are never checked.
 */
export function isPathPermitted(pathname: string, menuNames: ReadonlySet<string>): boolean {
  const screen = screenOfPath(pathname)
  if (!screen || hidden.has(screen.name)) return true
  return menuNames.has(screen.name)
}

/**
 * A `from` value worth returning to: a path inside the console. Anything else (other sites,
 * protocol-relative '//host', the login page itself) is dropped, so a crafted link cannot send
 * a user away after they sign in.
 */
export function safeReturnPath(from: unknown): string | undefined {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return undefined
  if (from.includes('\\') || /^\/login(?:[/?#]|$)/.test(from)) return undefined
  return from
}
