/** The error pages' search: `from`, the full path of the page that led there, if any. */
export function fromSearch(search: Record<string, unknown>): { from?: string } {
  return typeof search.from === 'string' ? { from: search.from } : {}
}
