import { sql } from 'drizzle-orm'
import { bigint, check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

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
