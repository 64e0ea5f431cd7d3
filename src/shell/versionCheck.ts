/**
 * Spec §4 version check: version.json on the host (written at build) against the value in
 * sessionStorage; a new one is stored and the page reloads, so a tab never runs old code
 * against a new server for long. A failed check is ignored.
 */
import type { AnyRouter } from '@tanstack/react-router'
import { readJson, STORAGE_KEYS, writeJson } from '../api/storage'
import { versionDecision } from '../lib/version'

/** Often enough to notice a release, rarely enough to cost nothing. */
const MIN_INTERVAL_MS = 60_000
let lastCheck = 0

export async function checkVersion(): Promise<void> {
  lastCheck = Date.now()
  try {
    const res = await fetch(`${__BASE_PATH__}version.json?t=${Date.now()}`, { cache: 'no-store' })
    if (!res.ok) return
    const body = (await res.json()) as { version?: unknown }
    const stored = readJson<string | null>(STORAGE_KEYS.version, null, sessionStorage)
    const decision = versionDecision(stored, body.version)
    if (decision === 'same' || decision === 'ignore') return
    writeJson(STORAGE_KEYS.version, body.version, sessionStorage)
    if (decision === 'reload') window.location.reload()
  } catch {
    // Offline, a dev server without version.json, a proxy page: keep running as is.
  }
}

/** Checks at start and after navigations (at most once a minute). */
export function watchVersion(router: AnyRouter): () => void {
  void checkVersion()
  return router.subscribe('onResolved', () => {
    if (Date.now() - lastCheck >= MIN_INTERVAL_MS) void checkVersion()
  })
}
