import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { channels, companies, merchants } from './org'

const stamps = {
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
}

/**
 * Card BINs (card-bin-management): the first 6–8 digits of the cards a channel issues. One BIN
 * per channel (spec §8: "Card BIN already exists in the current channel").
 */
export const cardBins = pgTable(
  'card_bins',
  {
    id: serial('id').primaryKey(),
    bin: text('bin').notNull(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id),
    /** A card scheme code of /common/queryCardSchemeList (`visa`, `mastercard`, …). */
    scheme: text('scheme').notNull(),
    /** ISO 4217 code of the cards' currency. */
    currency: text('currency').notNull(),
    /** 'prepaid' (each card holds its own money) or 'shared' (cards draw on a group pool). */
    cardMode: text('card_mode').notNull(),
    /** ISO 3166-1 alpha-2 country the cards are issued in. */
    region: text('region').notNull(),
    active: boolean('active').notNull().default(true),
    ...stamps,
  },
  (t) => [
    unique('card_bins_channel_bin').on(t.channelId, t.bin),
    check('card_bins_bin_digits', sql`${t.bin} ~ '^[0-9]{6,8}$'`),
    check('card_bins_card_mode', sql`${t.cardMode} in ('prepaid', 'shared')`),
  ],
)

/** Which companies and merchants may issue on a BIN: each row names exactly one of the two. */
export const cardBinAssignments = pgTable(
  'card_bin_assignments',
  {
    id: serial('id').primaryKey(),
    cardBinId: integer('card_bin_id')
      .notNull()
      .references(() => cardBins.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').references(() => companies.id),
    merchantId: integer('merchant_id').references(() => merchants.id),
    createdAt: stamps.createdAt,
  },
  (t) => [
    unique('card_bin_assignments_company').on(t.cardBinId, t.companyId),
    unique('card_bin_assignments_merchant').on(t.cardBinId, t.merchantId),
    check(
      'card_bin_assignments_one_owner',
      sql`(${t.companyId} is null) <> (${t.merchantId} is null)`,
    ),
  ],
)

/** Cardholders (coremanagement-cardholder-management): the people cards are issued to. */
export const cardholders = pgTable(
  'cardholders',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name').notNull().default(''),
    lastName: text('last_name').notNull(),
    /** International calling code without '+', from /common/phoneAreaList. */
    areaCode: text('area_code').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    /** Calendar day, YYYY-MM-DD. */
    birthday: text('birthday').notNull(),
    remark: text('remark').notNull().default(''),
    country: text('country').notNull(),
    /** ISO 3166-2 code of /common/queryCountryStateList, or '' for a country without states. */
    state: text('state').notNull().default(''),
    city: text('city').notNull(),
    address: text('address').notNull(),
    postalCode: text('postal_code').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    ...stamps,
  },
  (t) => [
    index('cardholders_merchant').on(t.merchantId),
    // At most one default cardholder per merchant.
    uniqueIndex('cardholders_one_default')
      .on(t.merchantId)
      .where(sql`${t.isDefault}`),
  ],
)

/**
 * Cards (cards-balance). The number and security code are stored only encrypted
 * (`server/cards/cardData.ts`, AES-256-GCM under DATA_KEY); the first six and last four digits
 * are kept apart so a masked number needs no decryption. `status` is a state of the card machine
 * (`src/machines/card.ts`): creating, pending, systemError, failed, active, blocked,
 * cancelRequested, cancelled. The card's money is its ledger account (type `card`, owner `card`,
 * owner id = the card's id, in the card's currency).
 */
export const cards = pgTable(
  'cards',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    cardBinId: integer('card_bin_id')
      .notNull()
      .references(() => cardBins.id),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id),
    cardholderId: integer('cardholder_id')
      .notNull()
      .references(() => cardholders.id),
    /** The creation request the card was made in (1–100 cards share one). */
    batchRequestId: text('batch_request_id').notNull(),
    /** The card's place in its creation request (0 … quantity − 1). */
    batchIndex: integer('batch_index').notNull().default(0),
    /** The channel's own reference for the card; null until the channel has created it. */
    channelCardRef: text('channel_card_ref'),
    currency: text('currency').notNull(),
    cardMode: text('card_mode').notNull(),
    region: text('region').notNull(),
    alias: text('alias').notNull().default(''),
    /** A code of the `card_usage_type` dictionary. */
    usageType: text('usage_type').notNull(),
    status: text('status').notNull().default('creating'),
    /** First six and last four digits; '' until the channel has created the card. */
    first6: text('first6').notNull().default(''),
    last4: text('last4').notNull().default(''),
    /** iv.tag.ciphertext (base64url) of the number and of the security code; null until created. */
    numberEnc: text('number_enc'),
    securityCodeEnc: text('security_code_enc'),
    /** Expiry month, YYYY-MM. */
    expiry: text('expiry').notNull(),
    /** Initial top-up asked for at creation, minor units (held on the merchant balance). */
    initialAmount: bigint('initial_amount', { mode: 'number' }).notNull().default(0),
    /** The hold on the merchant balance for the initial top-up while the channel creates it. */
    initialHoldId: bigint('initial_hold_id', { mode: 'number' }),
    /** Spending limits in minor units; null = no limit. */
    limitPerTransaction: bigint('limit_per_transaction', { mode: 'number' }),
    limitDaily: bigint('limit_daily', { mode: 'number' }),
    limitMonthly: bigint('limit_monthly', { mode: 'number' }),
    limitLifetime: bigint('limit_lifetime', { mode: 'number' }),
    /** Authorisations still pending (held); a cancellation is refused while > 0. */
    pendingTransactions: integer('pending_transactions').notNull().default(0),
    createdBy: integer('created_by'),
    ...stamps,
  },
  (t) => [
    index('cards_merchant').on(t.merchantId, t.id),
    index('cards_status').on(t.status),
    // One card per place of a creation request: a repeated or concurrent request makes no more.
    uniqueIndex('cards_batch').on(t.batchRequestId, t.batchIndex),
    uniqueIndex('cards_channel_ref').on(t.channelId, t.channelCardRef),
    check('cards_card_mode', sql`${t.cardMode} in ('prepaid', 'shared')`),
    check('cards_pending_nonnegative', sql`${t.pendingTransactions} >= 0`),
  ],
)

/** Every status change of a card: who (null = the channel), when, why. */
export const cardStatusHistory = pgTable(
  'card_status_history',
  {
    id: serial('id').primaryKey(),
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** The card machine's event (FREEZE, CHANNEL_CREATED, …). */
    event: text('event').notNull(),
    reasonCode: text('reason_code').notNull().default(''),
    note: text('note').notNull().default(''),
    actorUserId: integer('actor_user_id'),
    createdAt: stamps.createdAt,
  },
  (t) => [index('card_status_history_card').on(t.cardId, t.id)],
)

/**
 * Requests on a card that wait for review (maker–checker, DESIGN §6): a cancellation
 * (`cards-cancel-review`) or an administrator's balance update with a sign
 * (`cards-transactions-update-balance`). The reviewer is never the requester; every decision
 * keeps who, when, reason code and note. At most one pending cancellation per card.
 */
export const cardRequests = pgTable(
  'card_requests',
  {
    id: serial('id').primaryKey(),
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** 'cancel' or 'balanceUpdate'. */
    kind: text('kind').notNull(),
    /** 'pending', 'approved', 'rejected' or 'withdrawn'. */
    status: text('status').notNull().default('pending'),
    /** For a balance update: '+' credits the card, '-' debits it. */
    sign: text('sign'),
    amount: bigint('amount', { mode: 'number' }),
    currency: text('currency').notNull(),
    reasonCode: text('reason_code').notNull().default(''),
    note: text('note').notNull().default(''),
    requestedBy: integer('requested_by').notNull(),
    requestedAt: stamps.createdAt,
    reviewedBy: integer('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewReasonCode: text('review_reason_code'),
    reviewNote: text('review_note'),
    /** The ledger entry an approval posted (the balance returned, or the update). */
    entryId: bigint('entry_id', { mode: 'number' }),
  },
  (t) => [
    index('card_requests_status').on(t.kind, t.status, t.id),
    index('card_requests_card').on(t.cardId),
    uniqueIndex('card_requests_one_pending_cancel')
      .on(t.cardId)
      .where(sql`${t.kind} = 'cancel' and ${t.status} = 'pending'`),
    check('card_requests_kind', sql`${t.kind} in ('cancel', 'balanceUpdate')`),
    check(
      'card_requests_status_values',
      sql`${t.status} in ('pending', 'approved', 'rejected', 'withdrawn')`,
    ),
    check(
      'card_requests_update_fields',
      sql`${t.kind} <> 'balanceUpdate' or (${t.sign} in ('+', '-') and ${t.amount} > 0)`,
    ),
  ],
)

/**
 * Card transactions (cards-transactions, spec §3 Transaction). One row per authorisation or
 * refund the channel sent; clearing, reversal and expiry update the authorisation's row (its
 * status and cleared amount) rather than adding rows. A declined authorisation is kept with
 * status `rejected` and its `declineReason` (a code of the `decline_reason` dictionary:
 * insufficientFunds, cardBlocked, cardCancelled, overLimitPerTransaction, overLimitDaily,
 * overLimitMonthly, overLimitLifetime, expired, channelError, groupPoolEmpty).
 * `merchantId` is the card's merchant, copied so the list filters without a join.
 */
export const cardTransactions = pgTable(
  'card_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id),
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** The channel's reference; unique per channel (a resent event finds its row). */
    txnRef: text('txn_ref').notNull(),
    /** For a refund: the purchase it pays back, when the channel says. */
    originalTxnRef: text('original_txn_ref'),
    /** 'purchase' (from an authorisation) or 'refund'. */
    type: text('type').notNull(),
    /** success | pending | rejected | cancel (the transaction_status dictionary). */
    status: text('status').notNull(),
    /** approved, or the decline reason code; what an operator reads in the list. */
    result: text('result').notNull(),
    declineReason: text('decline_reason'),
    authCode: text('auth_code'),
    merchantAmount: bigint('merchant_amount', { mode: 'number' }).notNull(),
    merchantCurrency: text('merchant_currency').notNull(),
    cardAmount: bigint('card_amount', { mode: 'number' }).notNull(),
    cardCurrency: text('card_currency').notNull(),
    /** Card currency per merchant currency unit, as the channel sent it. */
    exchangeRate: text('exchange_rate').notNull(),
    /** What clearing posted (≤ cardAmount); 0 until cleared. */
    clearedAmount: bigint('cleared_amount', { mode: 'number' }).notNull().default(0),
    /**
     * For a purchase: what accepted refunds have paid back of its clearing so far (never more
     * than `clearedAmount`; a refund is refused beyond it). 0 for a refund row.
     */
    refundedAmount: bigint('refunded_amount', { mode: 'number' }).notNull().default(0),
    merchantName: text('merchant_name').notNull(),
    region: text('region').notNull(),
    description: text('description').notNull().default(''),
    /** The ledger hold an approved authorisation placed on the card (or the group pool). */
    holdId: bigint('hold_id', { mode: 'number' }),
    /** The ledger entry a refund or clearing posted. */
    entryId: bigint('entry_id', { mode: 'number' }),
    /**
     * The shared card group whose pool the purchase drew on (card_groups.id), null for a card
     * spending its own balance. No foreign key: the groups schema builds on this file.
     */
    groupId: integer('group_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    ...stamps,
  },
  (t) => [
    uniqueIndex('card_transactions_channel_ref').on(t.channelId, t.txnRef),
    // The three list indexes also INCLUDE the other filters' columns (status, merchant, card,
    // type) so a filtered count is index-only: migration 0012, hand-written (drizzle-kit does
    // not model INCLUDE).
    index('card_transactions_merchant_time').on(t.merchantId, t.occurredAt, t.id),
    index('card_transactions_card_time').on(t.cardId, t.occurredAt, t.id),
    index('card_transactions_status_time').on(t.status, t.occurredAt, t.id),
    index('card_transactions_time').on(t.occurredAt, t.id),
    index('card_transactions_group_card')
      .on(t.groupId, t.cardId)
      .where(sql`${t.groupId} is not null`),
    check('card_transactions_type', sql`${t.type} in ('purchase', 'refund')`),
    check(
      'card_transactions_status',
      sql`${t.status} in ('success', 'pending', 'rejected', 'cancel')`,
    ),
    check(
      'card_transactions_cleared_within',
      sql`${t.clearedAmount} >= 0 and ${t.clearedAmount} <= ${t.cardAmount}`,
    ),
    check(
      'card_transactions_refunded_within',
      sql`${t.refundedAmount} >= 0 and ${t.refundedAmount} <= ${t.clearedAmount}`,
    ),
  ],
)
