import { sql } from 'drizzle-orm'
import {
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
