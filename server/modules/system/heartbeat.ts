import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import { lt, sql } from 'drizzle-orm'
import { instances } from '../../db/schema'
import type { Deps } from '../../deps'
import type { InstanceTask } from '../../jobs/system'
import { packageVersion } from './build'

/** Every instance writes its row this often. */
export const HEARTBEAT_CRON = '*/10 * * * * *'
/** A row older than this is a stopped instance: not listed (three missed beats). */
export const INSTANCE_STALE_MS = 30_000
/** Rows of stopped instances are deleted after this. */
export const INSTANCE_FORGET_MS = 24 * 3600_000

/** This process as opt-information lists it. */
export interface Instance {
  id: string
  host: string
  pid: number
  startedAt: Date
  /** Its database connections now (server/db/client.ts `connections()`). */
  connections(): { open: number; idle: number }
}

export function thisInstance(startedAt: Date, connections: Instance['connections']): Instance {
  const host = hostname()
  return {
    id: `${host}:${process.pid}:${randomBytes(3).toString('hex')}`,
    host,
    pid: process.pid,
    startedAt,
    connections,
  }
}

/** Writes the instance's row (memory and connections now) and forgets long-stopped ones. */
export async function beat(deps: Pick<Deps, 'db' | 'clock'>, self: Instance): Promise<void> {
  const now = deps.clock.now()
  const memory = process.memoryUsage()
  const { open, idle } = self.connections()
  const row = {
    id: self.id,
    host: self.host,
    pid: self.pid,
    startedAt: self.startedAt,
    seenAt: now,
    version: packageVersion(),
    rssBytes: memory.rss,
    heapUsedBytes: memory.heapUsed,
    dbConnections: open,
    dbIdle: idle,
  }
  await deps.db
    .insert(instances)
    .values(row)
    .onConflictDoUpdate({
      target: instances.id,
      set: {
        seenAt: row.seenAt,
        rssBytes: row.rssBytes,
        heapUsedBytes: row.heapUsedBytes,
        dbConnections: row.dbConnections,
        dbIdle: row.dbIdle,
      },
    })
  await deps.db
    .delete(instances)
    .where(lt(instances.seenAt, sql`${new Date(now.getTime() - INSTANCE_FORGET_MS)}`))
}

/** Every instance beats every 10 s, so that each is listed while it runs. */
export function heartbeatTask(deps: Pick<Deps, 'db' | 'clock'>, self: Instance): InstanceTask {
  return { name: 'instance-heartbeat', cron: HEARTBEAT_CRON, run: () => beat(deps, self) }
}
