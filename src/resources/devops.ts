import { z } from 'zod'
import type { DevopsSection } from '../lib/screens'

/** The window every figure of `devops-index` covers, in minutes (the last hour). */
export const DEVOPS_WINDOW_MINUTES = 60

/** `POST /dashboard/devops/<section>`: nothing to choose; the figures are of the last hour. */
export const devopsRequest = z.strictObject({})

/**
 * The job system's queues the platform defines (server/periodicJobs.ts), each named on the
 * dashboard in both languages; a queue not listed here is shown by its own name.
 */
export const JOB_QUEUES = [
  'hold-expiry',
  'card-creation-resend',
  'sandbox-delivery',
  'telemetry-prune',
  'mail-delivery',
  'mail-sweep',
  'email-account-dns-check',
] as const

const ms = z.number().int().nonnegative()
const count = z.number().int().nonnegative()
/** A share from 0 to 1; null when there is nothing to divide by. */
const rate = z.number().min(0).max(1).nullable()

const devopsSections = z.object({
  /** The end of the window (now), ISO. */
  at: z.string(),
  windowMinutes: z.number().int(),
  /** Timed `select 1` round trips made for this answer. */
  database: z.object({ samples: count, p50Ms: z.number(), p99Ms: z.number(), maxMs: z.number() }),
  /** The job system's queues (docs/devops.md, "Job queues"). */
  queues: z.array(
    z.object({
      queue: z.string(),
      /** Jobs not yet taken: new, or failed once and waiting for their retry. */
      waiting: count,
      active: count,
      /** Jobs that failed for good in the last day (they are dead-lettered too). */
      failed: count,
      /** Jobs whose retries were spent, kept in the queue's dead-letter queue. */
      deadLettered: count,
      /** How long the oldest waiting job has waited, in seconds; null when none waits. */
      oldestWaitingSeconds: count.nullable(),
      /** The queue's cron schedule and its words in both languages; null when unscheduled. */
      schedule: z.object({ cron: z.string(), 'en-US': z.string(), 'zh-CN': z.string() }).nullable(),
    }),
  ),
  webhooks: z.object({
    accepted: count,
    refused: count,
    /** Refusals by channel and reason, most first. */
    failures: z.array(z.object({ channel: z.string(), reason: z.string(), count })),
  }),
  /** Per channel and operation, from the recorded calls of the window. */
  channels: z.array(
    z.object({
      channelCode: z.string(),
      channelName: z.string(),
      operation: z.string(),
      calls: count,
      failed: count,
      successRate: rate,
      p50Ms: ms,
      p99Ms: ms,
      maxMs: ms,
    }),
  ),
  /** Per route, most errors first. Errors are 4xx (refused) and 5xx (failed) answers. */
  routes: z.array(
    z.object({
      method: z.string(),
      route: z.string(),
      requests: count,
      clientErrors: count,
      serverErrors: count,
      errorRate: rate,
      avgMs: ms,
      maxMs: ms,
    }),
  ),
  /** Every minute of the window, oldest first: answers and errors among them. */
  perMinute: z.array(z.object({ minute: z.string(), requests: count, errors: count })),
})

/** When the figures were read and the window they cover: part of every section's answer. */
const stamp = {
  /** The end of the window (now), ISO. */
  at: z.string(),
  windowMinutes: z.number().int(),
}

/**
 * The answer of each section's call (`POST /dashboard/devops/<section>`): each section is a
 * devops module (src/lib/screens.ts DEVOPS_SECTIONS), asked for only by a role that holds it —
 * anyone else is refused (403). `routes` answers the route table and the per-minute chart.
 */
export const devopsAnswers = {
  database: z.object({ ...stamp, database: devopsSections.shape.database }),
  queues: z.object({
    ...stamp,
    queues: devopsSections.shape.queues,
    /** Mails waiting for their next try after a failed attempt (docs/mail.md). */
    outbox: z.object({
      retrying: count,
      /** The soonest next try, ISO; null when none waits. */
      nextTryAt: z.string().nullable(),
      /** Why the mail tried next waits: its last attempt's answer. */
      lastError: z.string().nullable(),
    }),
  }),
  webhooks: z.object({ ...stamp, webhooks: devopsSections.shape.webhooks }),
  channels: z.object({ ...stamp, channels: devopsSections.shape.channels }),
  routes: z.object({
    ...stamp,
    routes: devopsSections.shape.routes,
    perMinute: devopsSections.shape.perMinute,
  }),
} satisfies Record<DevopsSection, z.ZodObject>
export type DevopsAnswer<S extends DevopsSection> = z.infer<(typeof devopsAnswers)[S]>
export type DevopsFigures = z.infer<typeof devopsSections>
