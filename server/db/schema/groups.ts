import { sql } from 'drizzle-orm'
import {
  bigint,
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
import { cards } from './cards'
import { companies, merchants } from './org'

const stamps = {
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
}

/**
 * Shared card rules (cards-rules-limits, spec §3 Rule): what a shared card group made from the
 * rule may do. A platform-level rule has no merchant and is visible to the companies and
 * merchants of `card_group_rule_visibility`; a merchant-level rule belongs to one merchant.
 * Once a group was made from a rule, its terms are fixed (spec §4): the server refuses edits.
 */
export const cardGroupRules = pgTable(
  'card_group_rules',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Null: a platform-level rule. */
    merchantId: integer('merchant_id').references(() => merchants.id),
    /** How far the sum of the cards' limits may exceed the deposit, in basis points (1000 = 10%). */
    floatingRatioBps: integer('floating_ratio_bps').notNull(),
    /** The group is flagged when its available pool falls below this share of its deposit (bps). */
    warningThresholdBps: integer('warning_threshold_bps').notNull(),
    maxCards: integer('max_cards').notNull(),
    remark: text('remark').notNull().default(''),
    createdBy: integer('created_by'),
    ...stamps,
  },
  (t) => [
    index('card_group_rules_merchant').on(t.merchantId),
    check('card_group_rules_ratio', sql`${t.floatingRatioBps} between 0 and 100000`),
    check('card_group_rules_threshold', sql`${t.warningThresholdBps} between 0 and 10000`),
    check('card_group_rules_max_cards', sql`${t.maxCards} between 1 and 1000`),
  ],
)

/** Who may use a platform-level rule: each row names exactly one company or one merchant. */
export const cardGroupRuleVisibility = pgTable(
  'card_group_rule_visibility',
  {
    id: serial('id').primaryKey(),
    ruleId: integer('rule_id')
      .notNull()
      .references(() => cardGroupRules.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').references(() => companies.id),
    merchantId: integer('merchant_id').references(() => merchants.id),
    createdAt: stamps.createdAt,
  },
  (t) => [
    unique('card_group_rule_visibility_company').on(t.ruleId, t.companyId),
    unique('card_group_rule_visibility_merchant').on(t.ruleId, t.merchantId),
    check(
      'card_group_rule_visibility_one',
      sql`(${t.companyId} is null) <> (${t.merchantId} is null)`,
    ),
  ],
)

/**
 * Shared card groups (cards-share-group, spec §3): a merchant's pool of money in one currency,
 * the ledger account `group_pool / group / <id>`, that the group's cards spend from. `deposit`
 * is what was put in (the opening deposit, top-ups, cards' balances moved in) less what was
 * withdrawn; the rest of the figures come from the pool account (docs/groups.md).
 */
export const cardGroups = pgTable(
  'card_groups',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    ruleId: integer('rule_id')
      .notNull()
      .references(() => cardGroupRules.id),
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    deposit: bigint('deposit', { mode: 'number' }).notNull(),
    /** The creating request: a retry answers the same group. */
    requestId: text('request_id').notNull(),
    /** Set when the pool fell below the warning threshold and the e-mail went; cleared above it. */
    warned: boolean('warned').notNull().default(false),
    createdBy: integer('created_by'),
    ...stamps,
  },
  (t) => [
    uniqueIndex('card_groups_request').on(t.requestId),
    index('card_groups_merchant').on(t.merchantId, t.id),
    index('card_groups_rule').on(t.ruleId),
    check('card_groups_deposit', sql`${t.deposit} >= 0`),
  ],
)

/** The cards of a group, each with its own limit (its share of the pool it may spend). */
export const cardGroupCards = pgTable(
  'card_group_cards',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => cardGroups.id),
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id),
    /** Minor units of the group's currency. */
    cardLimit: bigint('card_limit', { mode: 'number' }).notNull(),
    joinedAt: stamps.createdAt,
  },
  (t) => [
    uniqueIndex('card_group_cards_card').on(t.cardId),
    index('card_group_cards_group').on(t.groupId, t.id),
    check('card_group_cards_limit', sql`${t.cardLimit} > 0`),
  ],
)
