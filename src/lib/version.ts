/**
 * What the version check does with the value it read (spec §4): the first one is stored, a
 * different one is stored and the page reloads, anything unreadable is ignored.
 */
export type VersionDecision = 'store' | 'reload' | 'same' | 'ignore'

export function versionDecision(stored: string | null, fetched: unknown): VersionDecision {
  if (typeof fetched !== 'string' || fetched === '') return 'ignore'
  if (stored === null) return 'store'
  return stored === fetched ? 'same' : 'reload'
}
