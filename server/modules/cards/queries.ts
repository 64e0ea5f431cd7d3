import { and, asc, desc, eq, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import {
  cardBinAssignments,
  cardBins,
  cardholders,
  cardRequests,
  channels,
  cardStatusHistory,
  ledgerPostings,
  users,
} from '../../db/schema'

/** Active BINs assigned to the merchant or its company, by BIN. */
export function assignedBins(db: Db, merchant: { id: number; companyId: number }) {
  return db
    .selectDistinct({
      id: cardBins.id,
      bin: cardBins.bin,
      scheme: cardBins.scheme,
      currency: cardBins.currency,
      cardMode: cardBins.cardMode,
    })
    .from(cardBins)
    .innerJoin(cardBinAssignments, eq(cardBinAssignments.cardBinId, cardBins.id))
    .where(
      and(
        eq(cardBins.active, true),
        or(
          eq(cardBinAssignments.merchantId, merchant.id),
          eq(cardBinAssignments.companyId, merchant.companyId),
        ),
      ),
    )
    .orderBy(asc(cardBins.bin))
}

/** The BIN with its channel, when it is active and assigned to the merchant or its company. */
export async function assignedBin(
  db: Db,
  cardBinId: number,
  merchant: { id: number; companyId: number },
) {
  const [row] = await db
    .select({ bin: cardBins, channel: channels })
    .from(cardBins)
    .innerJoin(channels, eq(channels.id, cardBins.channelId))
    .innerJoin(cardBinAssignments, eq(cardBinAssignments.cardBinId, cardBins.id))
    .where(
      and(
        eq(cardBins.id, cardBinId),
        eq(cardBins.active, true),
        or(
          eq(cardBinAssignments.merchantId, merchant.id),
          eq(cardBinAssignments.companyId, merchant.companyId),
        ),
      ),
    )
    .limit(1)
  return row
}

/** The merchant's cardholders (names and the default mark), by last name. */
export function cardholderNames(db: Db, merchantId: number) {
  return db
    .select({
      id: cardholders.id,
      firstName: cardholders.firstName,
      lastName: cardholders.lastName,
      isDefault: cardholders.isDefault,
    })
    .from(cardholders)
    .where(eq(cardholders.merchantId, merchantId))
    .orderBy(asc(cardholders.lastName), asc(cardholders.id))
}

/** A card's status changes, oldest first, with the acting user's name. */
export function statusChanges(db: Db, cardId: number) {
  return db
    .select({
      id: cardStatusHistory.id,
      fromStatus: cardStatusHistory.fromStatus,
      toStatus: cardStatusHistory.toStatus,
      event: cardStatusHistory.event,
      reasonCode: cardStatusHistory.reasonCode,
      note: cardStatusHistory.note,
      actorUserId: cardStatusHistory.actorUserId,
      actorName: users.nickName,
      createdAt: cardStatusHistory.createdAt,
    })
    .from(cardStatusHistory)
    .leftJoin(users, eq(users.id, cardStatusHistory.actorUserId))
    .where(eq(cardStatusHistory.cardId, cardId))
    .orderBy(asc(cardStatusHistory.id))
}

/**
 * What an approved cancellation gave back to the merchant's balance: the credit of the ledger
 * entry the approval posted (`card_cancel_return`), or nothing in the card's currency when the
 * card was empty (no entry). Null when no cancellation of the card was approved.
 */
export async function cancellationReturn(db: Db, cardId: number) {
  const [request] = await db
    .select({ currency: cardRequests.currency, entryId: cardRequests.entryId })
    .from(cardRequests)
    .where(
      and(
        eq(cardRequests.cardId, cardId),
        eq(cardRequests.kind, 'cancel'),
        eq(cardRequests.status, 'approved'),
      ),
    )
    .orderBy(desc(cardRequests.id))
    .limit(1)
  if (!request) return null
  if (request.entryId === null) return { amount: 0, currency: request.currency }
  // The entry moves the card's rest to the merchant: its one credit is what the merchant got.
  const [credit] = await db
    .select({ amount: ledgerPostings.amount, currency: ledgerPostings.currency })
    .from(ledgerPostings)
    .where(and(eq(ledgerPostings.entryId, request.entryId), sql`${ledgerPostings.amount} > 0`))
    .orderBy(asc(ledgerPostings.id))
    .limit(1)
  return credit ?? { amount: 0, currency: request.currency }
}
