import { lt, sql } from 'drizzle-orm'
import type { Deps } from '../deps'
import { channelCalls, routeStats, webhookOutcomes } from '../db/schema'

/** How long operating records are kept; the telemetry job deletes older rows. */
export const TELEMETRY_RETENTION_MS = 7 * 86_400_000
/** Rows per insert statement: well under PostgreSQL's 65,535 bind parameters. */
const CHUNK = 1_000

const chunks = <T>(rows: T[]) =>
  Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, i) =>
    rows.slice(i * CHUNK, (i + 1) * CHUNK),
  )

/**
 * Writes what this process recorded since the last flush, in one transaction: channel calls as
 * rows, webhook and route counts added to their minute's row (an upsert, so several instances
 * and several flushes in one minute sum up). A failed write puts the batch back for the next
 * flush. Returns how many records were written.
 */
export async function flushTelemetry(deps: Pick<Deps, 'db' | 'telemetry' | 'log'>) {
  const { telemetry } = deps
  const batch = telemetry.take()
  const n = batch.calls.length + batch.webhooks.length + batch.routes.length
  if (telemetry.dropped > 0) {
    deps.log.error('telemetry: channel calls dropped (buffer full)', { count: telemetry.dropped })
    telemetry.dropped = 0
  }
  if (n === 0) return 0
  try {
    await deps.db.transaction(async (tx) => {
      for (const rows of chunks(batch.calls)) await tx.insert(channelCalls).values(rows)
      for (const rows of chunks(batch.webhooks)) {
        await tx
          .insert(webhookOutcomes)
          .values(rows)
          .onConflictDoUpdate({
            target: [
              webhookOutcomes.minute,
              webhookOutcomes.channel,
              webhookOutcomes.outcome,
              webhookOutcomes.reason,
            ],
            set: { count: sql`${webhookOutcomes.count} + excluded.count` },
          })
      }
      for (const rows of chunks(batch.routes)) {
        await tx
          .insert(routeStats)
          .values(rows)
          .onConflictDoUpdate({
            target: [
              routeStats.minute,
              routeStats.method,
              routeStats.route,
              routeStats.statusClass,
            ],
            set: {
              count: sql`${routeStats.count} + excluded.count`,
              totalMs: sql`${routeStats.totalMs} + excluded.total_ms`,
              maxMs: sql`greatest(${routeStats.maxMs}, excluded.max_ms)`,
            },
          })
      }
    })
  } catch (e) {
    telemetry.putBack(batch)
    throw e
  }
  return n
}

/** Deletes operating records older than the retention; returns how many rows went. */
export async function pruneTelemetry(deps: Pick<Deps, 'db' | 'clock'>) {
  const before = new Date(deps.clock.now().getTime() - TELEMETRY_RETENTION_MS)
  const calls = await deps.db
    .delete(channelCalls)
    .where(lt(channelCalls.at, before))
    .returning({ id: channelCalls.id })
  const webhooks = await deps.db
    .delete(webhookOutcomes)
    .where(lt(webhookOutcomes.minute, before))
    .returning({ m: webhookOutcomes.minute })
  const routes = await deps.db
    .delete(routeStats)
    .where(lt(routeStats.minute, before))
    .returning({ m: routeStats.minute })
  return calls.length + webhooks.length + routes.length
}
