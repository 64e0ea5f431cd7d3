import type { JobSystem, QueueDefinition, ScheduledJob } from '../jobs/system'
import type { Mailer } from './mailer'
import {
  deliverRecord,
  deliveryJobId,
  MAIL_DELIVERY_QUEUE,
  expireDue,
  MAIL_JOB_RETRY_LIMIT,
  recordsToAskFor,
  recoverStale,
  type DeliveryDeps,
} from './delivery'

/** The outbox sweep: every 2 seconds (it finds what a lost `deliverSoon` did not ask for). */
export const MAIL_SWEEP_CRON = '*/2 * * * * *'

/** A queued record older than this is asked for by the sweep (its `deliverSoon` may be lost). */
export const SWEEP_AFTER_SECONDS = 10

/**
 * One job per attempt at a send record. A failed attempt ends its job: the record holds when it
 * is tried again (capped exponential backoff for MAIL_RETRY_FOR_SECONDS, `nextAttemptAt`), and
 * the sweep asks for the next generation's job once that time has come — pg-boss's own backoff
 * doubles without a cap and cannot be given the process's clock. A record failed for good
 * throws, so its job ends dead-lettered (after MAIL_JOB_RETRY_LIMIT retries of the job).
 */
export function mailDeliveryQueue(deps: DeliveryDeps): QueueDefinition<{ id: number }> {
  return {
    name: MAIL_DELIVERY_QUEUE,
    retryLimit: MAIL_JOB_RETRY_LIMIT,
    retryDelaySeconds: deps.config.MAIL_RETRY_DELAY_SECONDS,
    // Above an attempt's longest run (three SMTP timeouts), like the sending lease.
    expireInSeconds: deps.config.MAIL_SENDING_LEASE_SECONDS,
    // A burst of mails is delivered one after another, not one per polling interval.
    drain: true,
    async handler({ id }) {
      const outcome = await deliverRecord(deps, id)
      // A failed attempt waits for its next try on the record, asked for by the sweep.
      if (outcome.status === 'failed') throw new Error(outcome.answer)
      // A record that failed under an older job (a new generation) still ends this one failed.
      if (outcome.status === 'skipped' && outcome.current === 'failed') {
        throw new Error(`send record ${id} has failed`)
      }
    },
  }
}

/**
 * The sweep: judges attempts left by a stopped process (`recoverStale`), then asks for the
 * delivery of the queued records whose job may be missing (`recordsToAskFor`: never asked for
 * by a sweep, or longer ago than the job's expiry), all in one insert. Each record's job id is
 * derived from its generation, so a job already waiting (or retrying) is not doubled, by this
 * instance or any other. The work per sweep is a fixed number of statements whatever the
 * number of queued records: on PGlite every statement holds the one connection (and the
 * process), so a statement per record starved the delivery jobs. Runs of one instance never
 * overlap (its worker takes one sweep job at a time; the queue keeps at most one waiting).
 */
export function mailSweepJob(deps: DeliveryDeps, jobs: Pick<JobSystem, 'sendMany'>): ScheduledJob {
  return {
    name: 'mail-sweep',
    cron: MAIL_SWEEP_CRON,
    async handler() {
      const recovered = await recoverStale(deps)
      if (recovered > 0) deps.log.info('mail attempts recovered', { count: recovered })
      const now = deps.clock.now()
      const expired = await expireDue(deps.db, now)
      if (expired > 0) deps.log.info('mails expired unsent', { count: expired })
      const due = await recordsToAskFor(deps.db, {
        now,
        before: new Date(now.getTime() - SWEEP_AFTER_SECONDS * 1000),
        // The job asked for then has expired if it never ended: ask again.
        askedBefore: new Date(now.getTime() - deps.config.MAIL_SENDING_LEASE_SECONDS * 1000),
      })
      await jobs.sendMany(
        MAIL_DELIVERY_QUEUE,
        due.map(({ id, generation }) => ({ id: deliveryJobId(id, generation), data: { id } })),
      )
    },
  }
}

/** The outbox's queue and sweep on the job system; the mailer delivers through them after. */
export async function defineMailJobs(jobs: JobSystem, deps: DeliveryDeps & { mailer: Mailer }) {
  await jobs.define(mailDeliveryQueue(deps))
  await jobs.schedule(mailSweepJob(deps, jobs))
  deps.mailer.useJobs(jobs)
}
