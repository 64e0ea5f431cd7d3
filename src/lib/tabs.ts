/**
 * The tab bar of opened pages (spec §3: persisted in the browser). A tab is one page path; it
 * remembers the last full href so going back to it restores its filters and paging.
 */
export interface OpenedTab {
  /** Path below the base path, e.g. '/main/dict-management'. The tab's identity. */
  path: string
  /** Last visited href of that page (path + search). */
  href: string
  /** The menu entry's route name, for the label. */
  nameKey: string
}

/** Adds the page, or refreshes its href where it already is. Order of opening is kept. */
export function openTab(tabs: readonly OpenedTab[], tab: OpenedTab): OpenedTab[] {
  const i = tabs.findIndex((t) => t.path === tab.path)
  if (i === -1) return [...tabs, tab]
  if (tabs[i].href === tab.href && tabs[i].nameKey === tab.nameKey) return tabs as OpenedTab[]
  return tabs.map((t, j) => (j === i ? tab : t))
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
