import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { channels, companies } from './org'
import { ledgerEntries } from './ledger'

/**
 * Exchange rates the platform's administrators keep (docs/ledger.md, "FX quotes"): units of
 * `quote_currency` per unit of `base_currency`, as a plain decimal string (exact, never a
 * float), and the platform's margin in basis points. One row per ordered pair.
 */
export const fxRates = pgTable(
  'fx_rates',
  {
    id: serial('id').primaryKey(),
    baseCurrency: text('base_currency').notNull(),
    quoteCurrency: text('quote_currency').notNull(),
    rate: text('rate').notNull(),
    spreadBps: integer('spread_bps').notNull().default(0),
    /** Login name of whoever saved it last ('' for seeded rows). */
    updatedBy: text('updated_by').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [uniqueIndex('fx_rates_pair_uq').on(t.baseCurrency, t.quoteCurrency)],
)

/**
 * A conversion offered to one user: both amounts fixed for 60 s, used by at most one transfer
 * (`entry_id` set in the transfer's transaction). Kept afterwards: it is the record of the rate
 * and both amounts of that `fx_transfer` entry.
 */
export const fxQuotes = pgTable('fx_quotes', {
  id: text('id').primaryKey(),
  userId: integer('user_id').notNull(),
  fromAccountId: bigint('from_account_id', { mode: 'number' }).notNull(),
  toAccountId: bigint('to_account_id', { mode: 'number' }).notNull(),
  fromCurrency: text('from_currency').notNull(),
  toCurrency: text('to_currency').notNull(),
  fromAmount: bigint('from_amount', { mode: 'number' }).notNull(),
  /** What the destination receives (net of the spread). */
  toAmount: bigint('to_amount', { mode: 'number' }).notNull(),
  rate: text('rate').notNull(),
  spreadBps: integer('spread_bps').notNull(),
  gross: bigint('gross', { mode: 'number' }).notNull(),
  spread: bigint('spread', { mode: 'number' }).notNull(),
  rounding: bigint('rounding', { mode: 'number' }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  entryId: bigint('entry_id', { mode: 'number' })
    .unique()
    .references(() => ledgerEntries.id),
})

/**
 * The platform's prepaid account at a channel in one currency, with its bank details. Its
 * money is the ledger account `channel_funding / channel / <channel id> / <currency>`.
 */
export const channelAccounts = pgTable(
  'channel_accounts',
  {
    id: serial('id').primaryKey(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id),
    currency: text('currency').notNull(),
    bankName: text('bank_name').notNull(),
    accountName: text('account_name').notNull(),
    accountNumber: text('account_number').notNull(),
    address: text('address').notNull().default(''),
    swift: text('swift').notNull().default(''),
    bankCode: text('bank_code').notNull().default(''),
    branchCode: text('branch_code').notNull().default(''),
    location: text('location').notNull().default(''),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [uniqueIndex('channel_accounts_channel_currency_uq').on(t.channelId, t.currency)],
)

/** Which companies may see and use a channel account (accounts-channel-visibility). */
export const channelAccountCompanies = pgTable(
  'channel_account_companies',
  {
    channelAccountId: integer('channel_account_id')
      .notNull()
      .references(() => channelAccounts.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
  },
  (t) => [primaryKey({ columns: [t.channelAccountId, t.companyId] })],
)
