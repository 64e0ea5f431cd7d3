import type { Deps } from '../deps'
import type { InstanceTask, ScheduledJob } from '../jobs/system'
import { flushTelemetry, pruneTelemetry } from './store'

/** Each instance writes what it recorded every 5 seconds (what a crash can lose at most). */
export const TELEMETRY_FLUSH_CRON = '*/5 * * * * *'
/** Old operating records are deleted at the top of every hour, by one instance. */
export const TELEMETRY_PRUNE_CRON = '0 * * * *'

/**
 * The flush is an instance task, not a queue's job: what it writes is this process's own
 * memory, so every instance must run it, and it runs once more when the job system stops, so
 * a clean stop loses nothing.
 */
export function telemetryFlushTask(deps: Pick<Deps, 'db' | 'telemetry' | 'log'>): InstanceTask {
  return {
    name: 'telemetry-flush',
    cron: TELEMETRY_FLUSH_CRON,
    run: () => flushTelemetry(deps),
    runAtStop: true,
  }
}

/** The prune on the job system: a delete of rows past their keeping, once per hour. */
export function telemetryPruneJob(deps: Pick<Deps, 'db' | 'clock'>): ScheduledJob {
  return {
    name: 'telemetry-prune',
    cron: TELEMETRY_PRUNE_CRON,
    handler: () => pruneTelemetry(deps),
  }
}
