import type { Deps } from '../deps'
import type { ScheduledJob } from '../jobs/system'
import { expireDueHolds } from './holdService'

/** The schedule of the hold-expiry job: every 15 seconds. */
export const HOLD_EXPIRY_CRON = '*/15 * * * * *'

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

/** The hold-expiry job on the job system (server/jobs): one pass per due time, cluster-wide. */
export function holdExpiryJob(deps: Pick<Deps, 'db' | 'clock' | 'log'>): ScheduledJob {
  return {
    name: 'hold-expiry',
    cron: HOLD_EXPIRY_CRON,
    async handler() {
      const n = await runHoldExpiry(deps)
      if (n > 0) deps.log.info('holds expired', { count: n })
    },
  }
}
