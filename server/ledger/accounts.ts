import { and, asc, eq, isNull } from 'drizzle-orm'
import type { Db } from '../db/client'
import { ledgerAccounts } from '../db/schema'
import { OVERDRAFT_TYPES, type AccountType, type OwnerType } from './postings'
import type { AccountRow } from './store'

export interface AccountKey {
  type: AccountType
  ownerType: OwnerType
  /** null for the platform's own accounts. */
  ownerId: number | null
  currency: string
}

const keyIs = (key: AccountKey) =>
  and(
    eq(ledgerAccounts.type, key.type),
    eq(ledgerAccounts.ownerType, key.ownerType),
    key.ownerId === null ? isNull(ledgerAccounts.ownerId) : eq(ledgerAccounts.ownerId, key.ownerId),
    eq(ledgerAccounts.currency, key.currency),
  )

/** The account of this type, owner and currency, opened (at zero) if it does not exist yet. */
export async function openAccount(db: Db, key: AccountKey): Promise<AccountRow> {
  const where = keyIs(key)
  const [existing] = await db.select().from(ledgerAccounts).where(where)
  if (existing) return existing
  const [created] = await db
    .insert(ledgerAccounts)
    .values({ ...key, allowOverdraft: OVERDRAFT_TYPES.has(key.type) })
    .onConflictDoNothing()
    .returning()
  if (created) return created
  // A concurrent opener won (or a null owner slipped past the unique index): read it back.
  const [row] = await db.select().from(ledgerAccounts).where(where)
  return row
}

/*
 * The ledger alone names its accounts (DESIGN §3): modules ask for an account by what it is,
 * never by spelling its type and owner.
 */

/** The platform's bank: money entering or leaving the platform (deposits, withdrawals). */
export const bankKey = (currency: string): AccountKey => ({
  type: 'external_bank',
  ownerType: 'platform',
  ownerId: null,
  currency,
})

/** A merchant's balance in one currency. */
export const merchantBalanceKey = (merchantId: number, currency: string): AccountKey => ({
  type: 'merchant_balance',
  ownerType: 'merchant',
  ownerId: merchantId,
  currency,
})

/** A card's money, in the card's currency. */
export const cardAccountKey = (cardId: number, currency: string): AccountKey => ({
  type: 'card',
  ownerType: 'card',
  ownerId: cardId,
  currency,
})

/** A card group's pool, in the group's currency. */
export const groupPoolKey = (groupId: number, currency: string): AccountKey => ({
  type: 'group_pool',
  ownerType: 'group',
  ownerId: groupId,
  currency,
})

/** The platform's funding account at an issuing channel (a channel account's money). */
export const channelFundingKey = (channelId: number, currency: string): AccountKey => ({
  type: 'channel_funding',
  ownerType: 'channel',
  ownerId: channelId,
  currency,
})

/**
 * Where a card's spending goes: the channel's settlement account per currency
 * (`external_bank`, owner the channel). Money leaving to the card network credits it; a refund
 * debits it. A refund is never more than what its purchase cleared there, so refunds alone do
 * not take it below zero; it is still an overdraft account, like every account that mirrors
 * money outside the platform.
 */
export const channelSettlementKey = (channelId: number, currency: string): AccountKey => ({
  type: 'external_bank',
  ownerType: 'channel',
  ownerId: channelId,
  currency,
})

/** The platform's own accounts of a currency conversion: FX position, fee income, rounding. */
export const platformKey = (
  type: 'fx' | 'fee_income' | 'rounding',
  currency: string,
): AccountKey => ({
  type,
  ownerType: 'platform',
  ownerId: null,
  currency,
})

export const openCardAccount = (db: Db, cardId: number, currency: string) =>
  openAccount(db, cardAccountKey(cardId, currency))

/** The merchant's balance in `currency` if it has one (never opened by a refused request). */
export async function merchantBalance(
  db: Db,
  merchantId: number,
  currency: string,
): Promise<AccountRow | null> {
  const [row] = await db
    .select()
    .from(ledgerAccounts)
    .where(keyIs(merchantBalanceKey(merchantId, currency)))
  return row ?? null
}

/** Every balance the merchant holds, one per currency, in currency order. */
export function merchantBalances(db: Db, merchantId: number): Promise<AccountRow[]> {
  return db
    .select()
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.type, 'merchant_balance'),
        eq(ledgerAccounts.ownerType, 'merchant'),
        eq(ledgerAccounts.ownerId, merchantId),
      ),
    )
    .orderBy(asc(ledgerAccounts.currency))
}
