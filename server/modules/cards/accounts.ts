import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { ledgerAccounts } from '../../db/schema'
import { openAccount } from '../../ledger/accounts'

/** A card's money: its ledger account (type `card`, owner the card), in the card's currency. */
export const cardAccountKey = (cardId: number, currency: string) => ({
  type: 'card' as const,
  ownerType: 'card' as const,
  ownerId: cardId,
  currency,
})

export const openCardAccount = (db: Db, cardId: number, currency: string) =>
  openAccount(db, cardAccountKey(cardId, currency))

/** The merchant's balance in `currency` if it has one (never opened by a refused request). */
export async function merchantBalance(db: Db, merchantId: number, currency: string) {
  const [row] = await db
    .select()
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.type, 'merchant_balance'),
        eq(ledgerAccounts.ownerType, 'merchant'),
        eq(ledgerAccounts.ownerId, merchantId),
        eq(ledgerAccounts.currency, currency),
      ),
    )
  return row ?? null
}
