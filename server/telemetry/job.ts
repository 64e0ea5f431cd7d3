import type { Deps } from '../deps'
import { flushTelemetry, pruneTelemetry } from './store'

/** How often each instance writes what it recorded (what a crash can lose at most). */
export const TELEMETRY_FLUSH_INTERVAL_MS = 5_000
/** How often old operating records are deleted (every instance; a delete is idempotent). */
export const TELEMETRY_PRUNE_INTERVAL_MS = 60 * 60_000

/**
 * Starts the periodic flush and prune; the returned function stops them, waits for a running
 * pass and flushes what is left, so a clean stop loses nothing.
 */
export function startTelemetryJob(
  deps: Deps,
  flushMs = TELEMETRY_FLUSH_INTERVAL_MS,
  pruneMs = TELEMETRY_PRUNE_INTERVAL_MS,
) {
  let running: Promise<unknown> = Promise.resolve()
  const queue = (pass: () => Promise<unknown>, what: string) => {
    running = running.then(() =>
      pass().catch((err: Error) =>
        deps.log.error(`telemetry ${what} failed`, { error: err.message }),
      ),
    )
  }
  const flushTimer = setInterval(() => queue(() => flushTelemetry(deps), 'flush'), flushMs)
  const pruneTimer = setInterval(() => queue(() => pruneTelemetry(deps), 'prune'), pruneMs)
  flushTimer.unref()
  pruneTimer.unref()
  return async () => {
    clearInterval(flushTimer)
    clearInterval(pruneTimer)
    queue(() => flushTelemetry(deps), 'flush')
    await running
  }
}
