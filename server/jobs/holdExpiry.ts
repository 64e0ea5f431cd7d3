import type { Deps } from '../deps'
import { expireDueHolds } from '../ledger/holdService'

/** How often each instance looks for holds whose time is up. */
export const HOLD_EXPIRY_INTERVAL_MS = 15_000

/**
 * One pass: expires every due hold, a batch at a time. Safe on any number of instances at once
 * (`FOR UPDATE SKIP LOCKED`: each hold is expired by one of them). Uses the injected clock, so
 * tests decide what "due" means.
 */
export async function runHoldExpiry(deps: Pick<Deps, 'db' | 'clock'>, batch = 100) {
  let total = 0
  for (;;) {
    const n = await expireDueHolds({ db: deps.db, clock: deps.clock }, batch)
    total += n
    if (n < batch) return total
  }
}

/** Starts the periodic job; the returned function stops it (and waits for a running pass). */
export function startHoldExpiryJob(deps: Deps, intervalMs = HOLD_EXPIRY_INTERVAL_MS) {
  let running: Promise<unknown> = Promise.resolve()
  const timer = setInterval(() => {
    running = running.then(() =>
      runHoldExpiry(deps).then(
        (n) => n > 0 && deps.log.info('holds expired', { count: n }),
        (err: Error) => deps.log.error('hold expiry failed', { error: err.message }),
      ),
    )
  }, intervalMs)
  timer.unref()
  return async () => {
    clearInterval(timer)
    await running
  }
}
