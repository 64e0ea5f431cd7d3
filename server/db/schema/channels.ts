import { sql } from 'drizzle-orm'
import {
  check,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core'
import { channels } from './org'

/**
 * Every event a channel delivered to the webhook and the answer it got. The event id is unique
 * per channel: a resent event finds its row and gets the same answer without acting again. The
 * payload itself is not kept (a card's creation carries its number).
 */
export const channelEvents = pgTable(
  'channel_events',
  {
    id: serial('id').primaryKey(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    answer: jsonb('answer').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [unique('channel_events_channel_event').on(t.channelId, t.eventId)],
)

/**
 * How a channel behaves per operation — used by the built-in sandbox issuer to inject latency
 * and failures (issue 9: "configurable latency and failure injection per operation (channel
 * parameters in the database)"). `operation` is an `IssuerChannel` method name (createCard,
 * topUp, withdraw, freeze, unfreeze, cancel, updateLimits) or `creationResult` for the
 * asynchronous outcome of a creation. `failurePercent` of the calls fail with `failureKind`
 * (`refused` / `unavailable` for calls; `failed` / `pending` / `systemError` for creation).
 */
export const channelParameters = pgTable(
  'channel_parameters',
  {
    id: serial('id').primaryKey(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id),
    operation: text('operation').notNull(),
    latencyMs: integer('latency_ms').notNull().default(0),
    failurePercent: integer('failure_percent').notNull().default(0),
    failureKind: text('failure_kind').notNull().default('refused'),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    unique('channel_parameters_channel_operation').on(t.channelId, t.operation),
    check('channel_parameters_latency', sql`${t.latencyMs} between 0 and 60000`),
    check('channel_parameters_failure', sql`${t.failurePercent} between 0 and 100`),
  ],
)
