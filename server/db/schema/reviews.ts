import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'

/**
 * One row per reviewed item (a money request of the accounts screens, a card request): who is
 * deciding it or decided it, and how (server/reviews/claim.ts). The primary key makes the
 * claim: a decision is taken by one `INSERT … ON CONFLICT DO UPDATE … WHERE released`, so two
 * calls at the same moment can never both go on to move money. `attempt` counts the claims of
 * the item (a failed attempt releases its claim; the next takes it with attempt + 1) and names
 * each attempt's outside effects — its ledger hold and the channel's idempotency key — with a
 * stable id instead of a random one.
 */
export const reviewDecisions = pgTable(
  'review_decisions',
  {
    /** 'account-request' or 'card-request': the table the item lives in. */
    subject: text('subject').notNull(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    reviewerId: integer('reviewer_id').notNull(),
    /** 'approve' or 'reject'. */
    decision: text('decision').notNull(),
    /** 'deciding' (claimed), 'decided' (written with the decision) or 'released' (failed). */
    status: text('status').notNull(),
    attempt: integer('attempt').notNull().default(1),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'review_decisions_item', columns: [t.subject, t.itemId] }),
    check('review_decisions_status', sql`${t.status} in ('deciding', 'decided', 'released')`),
    check('review_decisions_decision', sql`${t.decision} in ('approve', 'reject')`),
  ],
)

/**
 * Each step of a reviewed item after it was asked for (server/reviews/service.ts): approved,
 * rejected or withdrawn — who, when, from which review state to which, the reason code and
 * note. Written the same way for every maker–checker flow, in the transaction that writes the
 * decision; the first step (asked for) is the item's own row (its maker and time).
 */
export const reviewTransitions = pgTable(
  'review_transitions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** As in `review_decisions`: the table the item lives in. */
    subject: text('subject').notNull(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    /** The review machine's event: 'APPROVE', 'REJECT' or 'WITHDRAW'. */
    event: text('event').notNull(),
    fromState: text('from_state').notNull(),
    toState: text('to_state').notNull(),
    actorUserId: integer('actor_user_id'),
    actorName: text('actor_name').notNull().default(''),
    reasonCode: text('reason_code'),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('review_transitions_item').on(t.subject, t.itemId, t.id)],
)
