import { z } from 'zod'

/** The window every figure of `devops-index` covers, in minutes (the last hour). */
export const DEVOPS_WINDOW_MINUTES = 60

/** `POST /dashboard/devops`: nothing to choose; the figures are of the last hour. */
export const devopsRequest = z.strictObject({})
export type DevopsRequest = z.infer<typeof devopsRequest>

/** The queues of pending work the platform's jobs drain (docs/devops.md). */
export const DEVOPS_QUEUES = [
  'holdsDue',
  'creationsUnacknowledged',
  'creationsAwaitingResult',
  'sandboxResultsDue',
] as const
export type DevopsQueue = (typeof DEVOPS_QUEUES)[number]

const ms = z.number().int().nonnegative()
const count = z.number().int().nonnegative()
/** A share from 0 to 1; null when there is nothing to divide by. */
const rate = z.number().min(0).max(1).nullable()

export const devopsSummary = z.object({
  /** The end of the window (now), ISO. */
  at: z.string(),
  windowMinutes: z.number().int(),
  /** Timed `select 1` round trips made for this answer. */
  database: z.object({ samples: count, p50Ms: z.number(), p99Ms: z.number(), maxMs: z.number() }),
  queues: z.array(
    z.object({
      queue: z.enum(DEVOPS_QUEUES),
      pending: count,
      /** When the oldest pending item became due (or was made); null when none is pending. */
      oldestAt: z.string().nullable(),
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
export type DevopsSummary = z.infer<typeof devopsSummary>
