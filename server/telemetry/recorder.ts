import type { Clock } from '../deps'

/** A monotonic millisecond counter: how long something took, never what time it is. */
export type Timer = () => number

export const systemTimer: Timer = () => performance.now()

export interface ChannelCall {
  channelId: number
  operation: string
  ok: boolean
  failureKind: string | null
  latencyMs: number
  at: Date
}

export interface WebhookOutcome {
  channel: string
  outcome: 'accepted' | 'refused'
  reason: string
}

export interface RouteOutcome {
  method: string
  route: string
  status: number
  ms: number
}

interface WebhookCount extends WebhookOutcome {
  minute: Date
  count: number
}

interface RouteCount {
  minute: Date
  method: string
  route: string
  statusClass: number
  count: number
  totalMs: number
  maxMs: number
}

/** What one flush takes out of the buffer. */
export interface TelemetryBatch {
  calls: ChannelCall[]
  webhooks: WebhookCount[]
  routes: RouteCount[]
}

/**
 * Channel calls kept in memory at most before the oldest are dropped: a database that cannot
 * take the flush must not grow the process without bound.
 */
export const MAX_BUFFERED_CALLS = 10_000

/** The start of `at`'s UTC minute: the bucket a counted outcome falls in. */
export function minuteOf(at: Date): Date {
  return new Date(Math.floor(at.getTime() / 60_000) * 60_000)
}

/**
 * The process's operating records between two flushes (server/telemetry/store.ts writes them).
 * Recording is synchronous and in memory, so no request — the authorisation webhook included —
 * waits on a write for it: channel calls are kept one by one (their latencies make
 * percentiles), webhook and route outcomes are counted per minute bucket, so a busy route costs
 * one upserted row a minute. `clock` dates the records (the test clock in tests); `timer`
 * measures durations (a counter the tests move by hand).
 */
export class Telemetry {
  private calls: ChannelCall[] = []
  private webhooks = new Map<string, WebhookCount>()
  private routes = new Map<string, RouteCount>()
  /** Calls dropped because the buffer was full (reported by the next flush). */
  dropped = 0

  constructor(
    readonly clock: Clock,
    readonly timer: Timer = systemTimer,
  ) {}

  channelCall(call: Omit<ChannelCall, 'at'>) {
    if (this.calls.length >= MAX_BUFFERED_CALLS) {
      this.calls.shift()
      this.dropped++
    }
    this.calls.push({ ...call, at: this.clock.now() })
  }

  webhook(outcome: WebhookOutcome) {
    const minute = minuteOf(this.clock.now())
    const key = `${minute.getTime()}|${outcome.channel}|${outcome.outcome}|${outcome.reason}`
    const row = this.webhooks.get(key)
    if (row) row.count++
    else this.webhooks.set(key, { ...outcome, minute, count: 1 })
  }

  route(outcome: RouteOutcome) {
    const minute = minuteOf(this.clock.now())
    const statusClass = Math.min(5, Math.max(1, Math.floor(outcome.status / 100)))
    const ms = Math.max(0, Math.round(outcome.ms))
    const key = `${minute.getTime()}|${outcome.method}|${outcome.route}|${statusClass}`
    const row = this.routes.get(key)
    if (row) {
      row.count++
      row.totalMs += ms
      row.maxMs = Math.max(row.maxMs, ms)
    } else {
      this.routes.set(key, {
        minute,
        method: outcome.method,
        route: outcome.route,
        statusClass,
        count: 1,
        totalMs: ms,
        maxMs: ms,
      })
    }
  }

  /** Everything recorded since the last take; the buffer starts empty again. */
  take(): TelemetryBatch {
    const batch = {
      calls: this.calls,
      webhooks: [...this.webhooks.values()],
      routes: [...this.routes.values()],
    }
    this.calls = []
    this.webhooks = new Map()
    this.routes = new Map()
    return batch
  }

  /** A batch whose write failed goes back, merged with what arrived meanwhile. */
  putBack(batch: TelemetryBatch) {
    const calls = [...batch.calls, ...this.calls]
    this.dropped += Math.max(0, calls.length - MAX_BUFFERED_CALLS)
    this.calls = calls.slice(-MAX_BUFFERED_CALLS)
    for (const w of batch.webhooks) {
      const key = `${w.minute.getTime()}|${w.channel}|${w.outcome}|${w.reason}`
      const row = this.webhooks.get(key)
      if (row) row.count += w.count
      else this.webhooks.set(key, w)
    }
    for (const r of batch.routes) {
      const key = `${r.minute.getTime()}|${r.method}|${r.route}|${r.statusClass}`
      const row = this.routes.get(key)
      if (row) {
        row.count += r.count
        row.totalMs += r.totalMs
        row.maxMs = Math.max(row.maxMs, r.maxMs)
      } else this.routes.set(key, r)
    }
  }
}
