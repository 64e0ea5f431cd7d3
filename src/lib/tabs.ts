/**
 * The tab bar of opened pages (spec §3: persisted in the browser). A tab is one page path; it
 * remembers the last full href so going back to it restores its filters and paging.
 */
import type { MessageKey } from '../i18n/keys'

export interface OpenedTab {
  /** Path below the base path, e.g. '/main/dict-management'. The tab's identity. */
  path: string
  /** Last visited href of that page (path + search). */
  href: string
  /** The menu entry's route name, for the label. */
  nameKey: string
  /**
   * i18n key of the page's own heading when it differs from the menu name (a form: "Add
   * dictionary" / "Edit dictionary"), so tab, breadcrumb and heading read the same.
   */
  titleKey?: MessageKey
}

/**
 * Adds the page, or refreshes its href where it already is. Order of opening is kept. A tab
 * given without a titleKey keeps the one it had.
 */
export function openTab(tabs: readonly OpenedTab[], tab: OpenedTab): OpenedTab[] {
  const i = tabs.findIndex((t) => t.path === tab.path)
  if (i === -1) return [...tabs, tab]
  const next = { ...tab, titleKey: tab.titleKey ?? tabs[i].titleKey }
  const same = (a: OpenedTab, b: OpenedTab) =>
    a.href === b.href && a.nameKey === b.nameKey && a.titleKey === b.titleKey
  if (same(tabs[i], next)) return tabs as OpenedTab[]
  return tabs.map((t, j) => (j === i ? next : t))
}

/** Sets the heading key of a page's tab (nothing when the page has no tab yet). */
export function titleTab(
  tabs: readonly OpenedTab[],
  path: string,
  titleKey: MessageKey,
): OpenedTab[] {
  const i = tabs.findIndex((t) => t.path === path)
  if (i === -1 || tabs[i].titleKey === titleKey) return tabs as OpenedTab[]
  return tabs.map((t, j) => (j === i ? { ...t, titleKey } : t))
}

/**
 * Closes a tab. When it was the current one, the page to show next is its right neighbour,
 * else the left one, else none (the caller goes to the landing page).
 */
export function closeTab(
  tabs: readonly OpenedTab[],
  path: string,
  currentPath: string,
): { tabs: OpenedTab[]; next: OpenedTab | null } {
  const i = tabs.findIndex((t) => t.path === path)
  if (i === -1) return { tabs: [...tabs], next: null }
  const rest = tabs.filter((_, j) => j !== i)
  if (path !== currentPath) return { tabs: rest, next: null }
  return { tabs: rest, next: rest[i] ?? rest[i - 1] ?? null }
}

/** The tab `step` places away from the current one, wrapping around; null when there is none. */
export function neighbourTab(
  tabs: readonly OpenedTab[],
  currentPath: string,
  step: 1 | -1,
): OpenedTab | null {
  if (tabs.length === 0) return null
  const i = tabs.findIndex((t) => t.path === currentPath)
  if (i === -1) return step === 1 ? tabs[0] : tabs[tabs.length - 1]
  if (tabs.length === 1) return null
  return tabs[(i + step + tabs.length) % tabs.length]
}

/** Drops tabs the user may no longer open (another user, or a role changed). */
export function keepPermittedTabs(
  tabs: readonly OpenedTab[],
  permittedPaths: ReadonlySet<string>,
): OpenedTab[] {
  return tabs.filter((t) => permittedPaths.has(t.path))
}
