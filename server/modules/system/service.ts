import { asc, gte, sql, type SQL } from 'drizzle-orm'
import type { SystemInformation } from '../../../src/resources/systemInformation'
import { channels, instances, sendRecords } from '../../db/schema'
import type { Deps } from '../../deps'
import { channelHealth, devopsWindowStart, jobQueues } from '../devops/service'
import { buildInfo } from './build'
import { INSTANCE_STALE_MS } from './heartbeat'

type Ctx = Pick<Deps, 'db' | 'clock' | 'telemetry' | 'log' | 'jobs' | 'config' | 'instance'>

const num = (v: unknown) => Number(v ?? 0)

/** Rows of a raw query, on PGlite and node-postgres alike (both answer `{ rows }`). */
const rowsOf = async <T>(deps: Ctx, query: SQL) =>
  ((await deps.db.execute(query)) as unknown as { rows: T[] }).rows

/** opt-information: the running system, read now (docs/devops.md, "opt-information"). */
export async function systemInformation(deps: Ctx): Promise<SystemInformation> {
  const now = deps.clock.now()
  return {
    at: now.toISOString(),
    build: buildInfo(),
    instances: await liveInstances(deps, now),
    database: await databaseFacts(deps),
    queues: ((await jobQueues(deps)) ?? []).map(({ schedule: _schedule, ...q }) => q),
    outbox: await outbox(deps),
    channels: await channelStates(deps, now),
  }
}

async function liveInstances(deps: Ctx, now: Date) {
  const rows = await deps.db
    .select()
    .from(instances)
    .where(gte(instances.seenAt, new Date(now.getTime() - INSTANCE_STALE_MS)))
    .orderBy(asc(instances.startedAt), asc(instances.id))
  return rows.map((r) => ({
    ...r,
    startedAt: r.startedAt.toISOString(),
    seenAt: r.seenAt.toISOString(),
    self: r.id === deps.instance?.id,
  }))
}

async function databaseFacts(deps: Ctx): Promise<SystemInformation['database']> {
  const [facts] = await rowsOf<{ version: string; size: string }>(
    deps,
    sql`select version() as version, pg_database_size(current_database())::bigint as size`,
  )
  // drizzle's journal of applied migrations (server/db/migrations).
  const [migrations] = await rowsOf<{ count: number; last: string | null }>(
    deps,
    sql`select count(*)::int as count, max(created_at)::bigint as last
        from drizzle.__drizzle_migrations`,
  )
  return {
    kind: deps.config.DATABASE_URL ? 'postgres' : 'pglite',
    version: facts.version,
    sizeBytes: num(facts.size),
    migrations: num(migrations.count),
    lastMigrationAt: migrations.last ? new Date(Number(migrations.last)).toISOString() : null,
  }
}

async function outbox(deps: Ctx) {
  const rows = await deps.db
    .select({ status: sendRecords.status, count: sql<number>`count(*)::int` })
    .from(sendRecords)
    .groupBy(sendRecords.status)
    .orderBy(asc(sendRecords.status))
  return rows.map((r) => ({ status: r.status, count: num(r.count) }))
}

/** Every channel, with its calls and failures over the devops window (the last hour). */
async function channelStates(deps: Ctx, now: Date) {
  const health = await channelHealth(deps, devopsWindowStart(now))
  const list = await deps.db.select().from(channels).orderBy(asc(channels.code))
  return list.map((ch) => {
    const ops = health.filter((h) => h.channelCode === ch.code)
    return {
      code: ch.code,
      name: ch.name,
      active: ch.active,
      calls: ops.reduce((n, o) => n + o.calls, 0),
      failed: ops.reduce((n, o) => n + o.failed, 0),
    }
  })
}
