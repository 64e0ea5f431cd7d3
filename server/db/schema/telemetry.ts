import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import { channels } from './org'

/**
 * What the devops dashboard (`devops-index`) reads: the platform's own operating records,
 * written by server/telemetry from an in-memory buffer (never one round trip per request) and
 * pruned after TELEMETRY_RETENTION_MS by the telemetry job. docs/devops.md.
 */

/** Every outbound call to an issuer channel (one row per call: percentiles need each one). */
export const channelCalls = pgTable(
  'channel_calls',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id),
    /** An `IssuerChannel` method: createCard, topUp, withdraw, freeze, unfreeze, cancel, updateLimits. */
    operation: text('operation').notNull(),
    ok: boolean('ok').notNull(),
    /** Failed calls: `refused` / `unavailable` (ChannelError), `error` for anything else. */
    failureKind: text('failure_kind'),
    latencyMs: integer('latency_ms').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('channel_calls_at').on(t.at)],
)

/**
 * Deliveries to the channel webhook per minute, channel, outcome and reason. `channel` is the
 * code in the URL when it names a known channel, else `?` (so made-up codes cannot grow the
 * table); `reason` is '' for accepted events, else the refusal's rule (`badSignature`, …).
 */
export const webhookOutcomes = pgTable(
  'webhook_outcomes',
  {
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    channel: text('channel').notNull(),
    /** accepted | refused */
    outcome: text('outcome').notNull(),
    reason: text('reason').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.minute, t.channel, t.outcome, t.reason] })],
)

/**
 * API answers per minute, method, route pattern (`/cards/detail`, `/channels/webhook/:channelCode`;
 * `*` for paths no route matched) and status class (2 = 2xx … 5 = 5xx): their count, summed and
 * longest handling time.
 */
export const routeStats = pgTable(
  'route_stats',
  {
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    method: text('method').notNull(),
    route: text('route').notNull(),
    statusClass: smallint('status_class').notNull(),
    count: integer('count').notNull(),
    totalMs: bigint('total_ms', { mode: 'number' }).notNull(),
    maxMs: integer('max_ms').notNull(),
  },
  (t) => [primaryKey({ columns: [t.minute, t.method, t.route, t.statusClass] })],
)

/**
 * One row per running instance, written by its heartbeat (server/modules/system/heartbeat.ts,
 * every 10 s): what `opt-information` lists. A row not refreshed for a minute is a stopped
 * instance: left out of the list and deleted by the next heartbeat of any instance.
 */
export const instances = pgTable('instances', {
  id: text('id').primaryKey(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  version: text('version').notNull(),
  rssBytes: bigint('rss_bytes', { mode: 'number' }).notNull(),
  heapUsedBytes: bigint('heap_used_bytes', { mode: 'number' }).notNull(),
  dbConnections: integer('db_connections').notNull(),
  dbIdle: integer('db_idle').notNull(),
})
