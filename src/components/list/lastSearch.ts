/**
 * The last search params each list screen showed, in memory for this page's life: a form
 * opened from a list goes back to the same page, sort and filters after Save or Cancel.
 */
const last = new Map<string, Record<string, unknown>>()

export function rememberListSearch(screen: string, search: Record<string, unknown>): void {
  last.set(screen, search)
}

export function lastListSearch(screen: string): Record<string, unknown> {
  return last.get(screen) ?? {}
}

/** Lists that take the keyboard when they next show (back from a saved form). */
const focusOnArrival = new Set<string>()

export function armListFocus(screen: string): void {
  focusOnArrival.add(screen)
}

/** True once after armListFocus(screen). */
export function takeListFocus(screen: string): boolean {
  return focusOnArrival.delete(screen)
}
