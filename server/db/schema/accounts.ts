import {
  bigint,
  bigserial,
  customType,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'

/**
 * The accounts screens (docs/ledger.md "Accounts screens"): the platform's receiving bank
 * accounts, merchants' deposit / withdrawal / adjustment requests under review, their proof
 * files, and `account_movements`, the one table the transactions list pages over.
 */

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
})

/** Where merchants wire money to: one or more receiving accounts per currency. */
export const platformBankAccounts = pgTable(
  'platform_bank_accounts',
  {
    id: serial('id').primaryKey(),
    currency: text('currency').notNull(),
    bankName: text('bank_name').notNull(),
    accountName: text('account_name').notNull(),
    accountNumber: text('account_number').notNull(),
    address: text('address').notNull().default(''),
    swift: text('swift').notNull().default(''),
    bankCode: text('bank_code').notNull().default(''),
    branchCode: text('branch_code').notNull().default(''),
    location: text('location').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('platform_bank_accounts_currency_idx').on(t.currency, t.id)],
)

/** An uploaded proof of a wire (PDF, PNG or JPEG; size and type checked by the service). */
export const accountFiles = pgTable('account_files', {
  id: serial('id').primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  name: text('name').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
  createdBy: integer('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
})

/**
 * A movement waiting for review: a deposit a merchant declared, a withdrawal it requested (its
 * amount held in the ledger meanwhile) or an administrator's manual adjustment.
 * Status pending → success (posted: `entry_id`) / rejected / cancel.
 */
export const accountRequests = pgTable(
  'account_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** deposit | withdrawal | adjustment */
    kind: text('kind').notNull(),
    merchantId: integer('merchant_id').notNull(),
    companyId: integer('company_id').notNull(),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** Signed minor units: what the merchant's balance changes by when approved. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reference: text('reference').notNull().default(''),
    remark: text('remark').notNull().default(''),
    /** Withdrawals: where the money goes. */
    beneficiary: text('beneficiary').notNull().default(''),
    proofFileId: integer('proof_file_id'),
    holdId: bigint('hold_id', { mode: 'number' }),
    entryId: bigint('entry_id', { mode: 'number' }),
    status: text('status').notNull().default('pending'),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    reviewedBy: integer('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reasonCode: text('reason_code'),
    reviewNote: text('review_note'),
  },
  (t) => [index('account_requests_status_idx').on(t.status, t.createdAt)],
)

/**
 * Every movement of a merchant balance, one row each: a posting on a `merchant_balance`
 * account (written by the trigger `account_movements_from_posting`, so anything that posts to
 * the ledger shows here) or a request not posted (pending / rejected / cancel). A projection:
 * the ledger stays the truth; this table exists so one indexed query pages all of it.
 */
export const accountMovements = pgTable(
  'account_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id').notNull(),
    companyId: integer('company_id').notNull(),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** deposit | withdrawal | adjustment | transfer | fx_transfer | … (the entry's kind) */
    type: text('type').notNull(),
    /** success | pending | rejected | cancel */
    status: text('status').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The balance the posting left; null for a movement not posted. */
    balanceAfter: bigint('balance_after', { mode: 'number' }),
    reference: text('reference').notNull().default(''),
    remark: text('remark').notNull().default(''),
    postingId: bigint('posting_id', { mode: 'number' }).unique(),
    entryId: bigint('entry_id', { mode: 'number' }),
    requestId: bigint('request_id', { mode: 'number' }),
    actorUserId: integer('actor_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // The list's filters, each with the default sort (time, then id) behind it.
    index('account_movements_time_idx').on(t.createdAt, t.id),
    index('account_movements_merchant_idx').on(t.merchantId, t.createdAt, t.id),
    index('account_movements_company_idx').on(t.companyId, t.createdAt, t.id),
    index('account_movements_type_idx').on(t.type, t.createdAt, t.id),
    index('account_movements_status_idx').on(t.status, t.createdAt, t.id),
    index('account_movements_currency_idx').on(t.currency, t.createdAt, t.id),
    index('account_movements_request_idx').on(t.requestId),
  ],
)
