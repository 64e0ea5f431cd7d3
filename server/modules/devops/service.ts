import { asc, eq, gte, sql } from 'drizzle-orm'
import { type DevopsSection } from '../../../src/lib/screens'
import {
  DEVOPS_WINDOW_MINUTES,
  type DevopsAnswer,
  type DevopsFigures,
} from '../../../src/resources/devops'
import { channelCalls, channels, routeStats, webhookOutcomes } from '../../db/schema'
import type { Deps } from '../../deps'
import { outboxFigures } from '../../mail/figures'
import { minuteOf } from '../../telemetry/recorder'
import { flushTelemetry } from '../../telemetry/store'

/** Timed `select 1` round trips per answer. */
export const DB_SAMPLES = 20
/** The routes listed, most errors first. */
export const ROUTES_LISTED = 100

type Ctx = Pick<Deps, 'db' | 'clock' | 'telemetry' | 'log' | 'jobs'>

/** What each section reads, from the first minute of the window. */
const READERS: {
  [S in DevopsSection]: (
    deps: Ctx,
    from: Date,
  ) => Promise<Omit<DevopsAnswer<S>, 'at' | 'windowMinutes'>>
} = {
  database: async (deps) => ({ database: await databaseLatency(deps) }),
  queues: async (deps) => ({ queues: await jobQueues(deps), outbox: await outboxFigures(deps.db) }),
  webhooks: async (deps, from) => ({ webhooks: await webhookFigures(deps, from) }),
  channels: async (deps, from) => ({ channels: await channelHealth(deps, from) }),
  routes: (deps, from) => routeFigures(deps, from),
}

/**
 * One section of `devops-index` (a devops module): how the platform runs, from what it measured
 * and recorded (docs/devops.md). Only this section's figures are read. This instance's
 * unwritten records are flushed first, so the answer includes the calls just made here; other
 * instances' arrive with their next flush (every 5 s).
 */
export async function devopsSection<S extends DevopsSection>(
  deps: Ctx,
  section: S,
): Promise<DevopsAnswer<S>> {
  await flushTelemetry(deps)
  const now = deps.clock.now()
  // The window is the last DEVOPS_WINDOW_MINUTES minute buckets, the current one included.
  const figures = await READERS[section](deps, devopsWindowStart(now))
  return {
    at: now.toISOString(),
    windowMinutes: DEVOPS_WINDOW_MINUTES,
    ...figures,
  } as DevopsAnswer<S>
}

/** The first minute of the window that ends with the current minute. */
export const devopsWindowStart = (now: Date) =>
  new Date(minuteOf(now).getTime() - (DEVOPS_WINDOW_MINUTES - 1) * 60_000)

/** The `p`-th percentile of sorted values, nearest rank. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]
}

const tenth = (n: number) => Math.round(n * 10) / 10

/** Round trips to the database, timed one after the other: measured now, not remembered. */
async function databaseLatency(deps: Ctx) {
  const samples: number[] = []
  for (let i = 0; i < DB_SAMPLES; i++) {
    const started = deps.telemetry.timer()
    await deps.db.execute(sql`select 1`)
    samples.push(Math.max(0, deps.telemetry.timer() - started))
  }
  samples.sort((a, b) => a - b)
  return {
    samples: samples.length,
    p50Ms: tenth(percentile(samples, 50)),
    p99Ms: tenth(percentile(samples, 99)),
    maxMs: tenth(samples.at(-1) ?? 0),
  }
}

/**
 * The job system's figures per queue, with each queue's schedule in words (server/jobs). An
 * instance without a running job system (a test that does not start one) has none to show.
 */
export async function jobQueues(deps: Ctx): Promise<DevopsFigures['queues']> {
  if (!deps.jobs) return []
  const schedules = new Map(deps.jobs.schedules().map((s) => [s.name, s]))
  return (await deps.jobs.figures()).map((q) => {
    const s = schedules.get(q.queue)
    return { ...q, schedule: s ? { cron: s.cron, ...s.description } : null }
  })
}

async function webhookFigures(deps: Ctx, from: Date) {
  const rows = await deps.db
    .select({
      channel: webhookOutcomes.channel,
      outcome: webhookOutcomes.outcome,
      reason: webhookOutcomes.reason,
      count: sql<number>`sum(${webhookOutcomes.count})::int`,
    })
    .from(webhookOutcomes)
    .where(gte(webhookOutcomes.minute, from))
    .groupBy(webhookOutcomes.channel, webhookOutcomes.outcome, webhookOutcomes.reason)
  const sum = (outcome: string) =>
    rows.filter((r) => r.outcome === outcome).reduce((n, r) => n + Number(r.count), 0)
  return {
    accepted: sum('accepted'),
    refused: sum('refused'),
    failures: rows
      .filter((r) => r.outcome === 'refused')
      .map((r) => ({ channel: r.channel, reason: r.reason, count: Number(r.count) }))
      .sort((a, b) => b.count - a.count || a.channel.localeCompare(b.channel)),
  }
}

export async function channelHealth(deps: Ctx, from: Date) {
  const rows = await deps.db
    .select({
      channelCode: channels.code,
      channelName: channels.name,
      operation: channelCalls.operation,
      calls: sql<number>`count(*)::int`,
      failed: sql<number>`(count(*) filter (where not ${channelCalls.ok}))::int`,
      p50: sql<number>`percentile_disc(0.5) within group (order by ${channelCalls.latencyMs})`,
      p99: sql<number>`percentile_disc(0.99) within group (order by ${channelCalls.latencyMs})`,
      max: sql<number>`max(${channelCalls.latencyMs})`,
    })
    .from(channelCalls)
    .innerJoin(channels, eq(channels.id, channelCalls.channelId))
    .where(gte(channelCalls.at, from))
    .groupBy(channels.code, channels.name, channelCalls.operation)
    .orderBy(asc(channels.code), asc(channelCalls.operation))
  return rows.map((r) => {
    const calls = Number(r.calls)
    const failed = Number(r.failed)
    return {
      channelCode: r.channelCode,
      channelName: r.channelName,
      operation: r.operation,
      calls,
      failed,
      successRate: calls ? (calls - failed) / calls : null,
      p50Ms: Number(r.p50),
      p99Ms: Number(r.p99),
      maxMs: Number(r.max),
    }
  })
}

async function routeFigures(deps: Ctx, from: Date) {
  const inWindow = gte(routeStats.minute, from)
  const byRoute = await deps.db
    .select({
      method: routeStats.method,
      route: routeStats.route,
      requests: sql<number>`sum(${routeStats.count})::int`,
      clientErrors: sql<number>`(coalesce(sum(${routeStats.count}) filter (where ${routeStats.statusClass} = 4), 0))::int`,
      serverErrors: sql<number>`(coalesce(sum(${routeStats.count}) filter (where ${routeStats.statusClass} = 5), 0))::int`,
      totalMs: sql<number>`sum(${routeStats.totalMs})::float8`,
      maxMs: sql<number>`max(${routeStats.maxMs})`,
    })
    .from(routeStats)
    .where(inWindow)
    .groupBy(routeStats.method, routeStats.route)
  const routes = byRoute
    .map((r) => {
      const requests = Number(r.requests)
      const errors = Number(r.clientErrors) + Number(r.serverErrors)
      return {
        method: r.method,
        route: r.route,
        requests,
        clientErrors: Number(r.clientErrors),
        serverErrors: Number(r.serverErrors),
        errorRate: requests ? errors / requests : null,
        avgMs: requests ? Math.round(Number(r.totalMs) / requests) : 0,
        maxMs: Number(r.maxMs),
      }
    })
    .sort(
      (a, b) =>
        b.clientErrors + b.serverErrors - (a.clientErrors + a.serverErrors) ||
        b.requests - a.requests ||
        a.route.localeCompare(b.route),
    )
    .slice(0, ROUTES_LISTED)

  const minutes = await deps.db
    .select({
      minute: routeStats.minute,
      requests: sql<number>`sum(${routeStats.count})::int`,
      errors: sql<number>`(coalesce(sum(${routeStats.count}) filter (where ${routeStats.statusClass} >= 4), 0))::int`,
    })
    .from(routeStats)
    .where(inWindow)
    .groupBy(routeStats.minute)
  const byMinute = new Map(minutes.map((m) => [new Date(m.minute).getTime(), m]))
  const perMinute = Array.from({ length: DEVOPS_WINDOW_MINUTES }, (_, i) => {
    const t = from.getTime() + i * 60_000
    const m = byMinute.get(t)
    return {
      minute: new Date(t).toISOString(),
      requests: Number(m?.requests ?? 0),
      errors: Number(m?.errors ?? 0),
    }
  })
  return { routes, perMinute }
}
