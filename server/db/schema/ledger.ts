import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

/**
 * The double-entry ledger (DESIGN §7, docs/ledger.md). Amounts are integers in the currency's
 * minor units. An account's balance is credits − debits (the side a customer's money sits on);
 * every entry's postings sum to zero per currency.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** merchant_balance | card | group_pool | channel_funding | fee_income | external_bank | fx | rounding */
    type: text('type').notNull(),
    /** platform | company | merchant | card | group */
    ownerType: text('owner_type').notNull(),
    /** The owner's id; null for the platform. */
    ownerId: bigint('owner_id', { mode: 'number' }),
    currency: text('currency').notNull(),
    /** Accounts that may go below zero: the platform's external bank, FX and rounding accounts. */
    allowOverdraft: boolean('allow_overdraft').notNull().default(false),
    debitsPosted: bigint('debits_posted', { mode: 'number' }).notNull().default(0),
    creditsPosted: bigint('credits_posted', { mode: 'number' }).notNull().default(0),
    debitsPending: bigint('debits_pending', { mode: 'number' }).notNull().default(0),
    creditsPending: bigint('credits_pending', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    // One account per type, owner and currency.
    uniqueIndex('ledger_accounts_owner_uq').on(t.type, t.ownerType, t.ownerId, t.currency),
    check(
      'ledger_accounts_no_overdraft',
      sql`${t.allowOverdraft} or ${t.creditsPosted} - ${t.debitsPosted} - ${t.debitsPending} >= 0`,
    ),
    check(
      'ledger_accounts_non_negative_sums',
      sql`${t.debitsPosted} >= 0 and ${t.creditsPosted} >= 0 and ${t.debitsPending} >= 0 and ${t.creditsPending} >= 0`,
    ),
  ],
)

/** One movement: its postings sum to zero per currency. Never updated or deleted (trigger). */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The client's idempotency key: unique, a retry returns this entry. */
    requestId: text('request_id').notNull().unique(),
    /** What the request asked for, to tell a retry from a different request with the same id. */
    fingerprint: text('fingerprint').notNull(),
    /** transfer | deposit | hold_post | … */
    kind: text('kind').notNull(),
    holdId: bigint('hold_id', { mode: 'number' }),
    remark: text('remark'),
    actorUserId: integer('actor_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('ledger_entries_created_idx').on(t.createdAt)],
)

/** One leg of an entry: a signed amount (credit > 0, debit < 0) and the balance it left. */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerEntries.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('ledger_postings_account_idx').on(t.accountId, t.id),
    index('ledger_postings_entry_idx').on(t.entryId),
    check('ledger_postings_nonzero', sql`${t.amount} <> 0`),
  ],
)

/**
 * A two-phase transfer: pending reserves `amount` on the debit account until it is posted
 * (fully or partly), voided or expired, exactly once.
 */
export const ledgerHolds = pgTable(
  'ledger_holds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    requestId: text('request_id').notNull().unique(),
    fingerprint: text('fingerprint').notNull(),
    debitAccountId: bigint('debit_account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    creditAccountId: bigint('credit_account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** pending | posted | voided | expired */
    status: text('status').notNull().default('pending'),
    postedAmount: bigint('posted_amount', { mode: 'number' }).notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** The request that resolved it, so a retried post/void returns the same answer. */
    resolveRequestId: text('resolve_request_id').unique(),
    resolveFingerprint: text('resolve_fingerprint'),
    entryId: bigint('entry_id', { mode: 'number' }).references(() => ledgerEntries.id),
  },
  (t) => [
    index('ledger_holds_pending_idx').on(t.status, t.expiresAt),
    check('ledger_holds_amount_positive', sql`${t.amount} > 0`),
    check(
      'ledger_holds_posted_within',
      sql`${t.postedAmount} >= 0 and ${t.postedAmount} <= ${t.amount}`,
    ),
  ],
)
