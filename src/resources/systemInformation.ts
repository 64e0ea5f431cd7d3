import { z } from 'zod'

/** `POST /system/information` (opt-information): nothing to choose. */
export const systemInformationRequest = z.strictObject({})

const count = z.number().int().nonnegative()

/** What an operator needs about the running system (docs/devops.md, "opt-information"). */
export const systemInformation = z.object({
  at: z.string(),
  build: z.object({
    version: z.string(),
    /** The git commit the console was built from; null when it was not known at build time. */
    commit: z.string().nullable(),
    /** When the console was built (ISO); null when running from sources. */
    builtAt: z.string().nullable(),
    node: z.string(),
  }),
  /** Every instance whose heartbeat is recent, oldest start first. */
  instances: z.array(
    z.object({
      id: z.string(),
      host: z.string(),
      pid: count,
      version: z.string(),
      startedAt: z.string(),
      seenAt: z.string(),
      rssBytes: count,
      heapUsedBytes: count,
      dbConnections: count,
      dbIdle: count,
      /** The instance that answered this call. */
      self: z.boolean(),
    }),
  ),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    version: z.string(),
    sizeBytes: count,
    migrations: count,
    /** When the newest applied migration was created (its journal time), ISO. */
    lastMigrationAt: z.string().nullable(),
  }),
  /** The job system's queues (as on devops-index). */
  queues: z.array(
    z.object({
      queue: z.string(),
      waiting: count,
      active: count,
      failed: count,
      deadLettered: count,
      oldestWaitingSeconds: count.nullable(),
    }),
  ),
  /** The mail outbox: send records by status. */
  outbox: z.array(z.object({ status: z.string(), count })),
  /** Each channel: active or not, and its calls in the last hour (as on devops-index). */
  channels: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      active: z.boolean(),
      calls: count,
      failed: count,
    }),
  ),
})
export type SystemInformation = z.infer<typeof systemInformation>
