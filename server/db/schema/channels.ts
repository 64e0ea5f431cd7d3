import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  primaryKey,
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

/**
 * The built-in sandbox issuer's own view of the cards it issued (server/channels/sandbox/): the
 * channel's side, kept apart from the platform's `cards`. The number and security code are
 * encrypted under the data key like the platform's copy; the creation result is decided when
 * the card is asked for and delivered as a signed `card.creation` event once `deliverAt` has
 * passed (the delivery job claims it with `claimedUntil`, so a crash or a failed delivery is
 * tried again, and several instances never deliver one event twice at once).
 */
export const sandboxCards = pgTable(
  'sandbox_cards',
  {
    cardRef: text('card_ref').primaryKey(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id),
    /** The platform's card id (`clientRef` of the request). */
    clientRef: text('client_ref').notNull(),
    currency: text('currency').notNull(),
    numberEnc: text('number_enc').notNull(),
    securityCodeEnc: text('security_code_enc').notNull(),
    /** YYYY-MM */
    expiry: text('expiry').notNull(),
    /** success | failed | pending | systemError: what the creation event will say. */
    creationResult: text('creation_result').notNull(),
    /** creating → active / failed / pending / systemError; then active, blocked, cancelled. */
    status: text('status').notNull(),
    /** The sandbox's balance of the card, minor units. */
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    limits: jsonb('limits'),
    deliverAt: timestamp('deliver_at', { withTimezone: true }).notNull(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('sandbox_cards_due')
      .on(t.deliverAt)
      .where(sql`${t.deliveredAt} is null`),
    unique('sandbox_cards_client').on(t.channelId, t.clientRef),
    check('sandbox_cards_balance', sql`${t.balance} >= 0`),
  ],
)

/**
 * The sandbox issuer's record of each operation it carried out, by the idempotency key the
 * platform sent with it (as Stripe's `Idempotency-Key` or Marqeta's request token): a repeated
 * key answers the first result and changes nothing again. Only successes are kept; a refused
 * operation is judged afresh when it is sent again. `fingerprint` is the operation and its
 * arguments: the same key with other arguments is refused.
 */
export const sandboxOperations = pgTable(
  'sandbox_operations',
  {
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id),
    idempotencyKey: text('idempotency_key').notNull(),
    operation: text('operation').notNull(),
    cardRef: text('card_ref').notNull(),
    fingerprint: text('fingerprint').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'sandbox_operations_key', columns: [t.channelId, t.idempotencyKey] })],
)
