/**
 * The palette's matching: every word typed must appear in the item's keywords (its labels in
 * both languages, its route name and path), case-insensitive. Chinese needs no word breaks:
 * "字典" is found inside "字典管理". Items' values are ids and never matched.
 */
export function paletteFilter(_value: string, search: string, keywords?: string[]): number {
  const haystack = (keywords ?? []).join(' ').toLowerCase()
  const words = search.toLowerCase().split(/\s+/).filter(Boolean)
  return words.every((w) => haystack.includes(w)) ? 1 : 0
}
