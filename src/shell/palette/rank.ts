import { paletteFilter } from './filter'

/**
 * The palette's results in the order they are shown: each group's items that match `search`,
 * best score first, and the groups by their best item. Ranked here rather than by cmdk: cmdk
 * sorts only the enabled items and leaves a disabled one where it was, so typing "unfreeze" on
 * an active card listed Freeze above the (disabled) Unfreeze it had matched exactly.
 * Ties keep their declared order. An empty search shows everything as declared.
 */
export function rankGroups<G extends { items: unknown[] }>(
  groups: G[],
  search: string,
  keywordsOf: (item: G['items'][number]) => string[],
): G[] {
  if (search.trim() === '') return groups
  const scored = groups.map((group, order) => {
    const items = group.items
      .map((item, i) => ({ item, i, score: paletteFilter('', search, keywordsOf(item)) }))
      .filter((r) => r.score > 0)
      .sort((a, b) => b.score - a.score || a.i - b.i)
    return {
      group: { ...group, items: items.map((r) => r.item) },
      order,
      best: items[0]?.score ?? 0,
    }
  })
  return scored
    .filter((g) => g.best > 0)
    .sort((a, b) => b.best - a.best || a.order - b.order)
    .map((g) => g.group)
}
