import { and, desc, eq } from 'drizzle-orm'
import {
  cardSnapshot,
  type CardEvent,
  type CardInput,
  type CardStatus,
} from '../../../src/machines/card'
import { pastExpiry } from '../../../src/lib/cardExpiry'
import { merchantScope, reachOf } from '../../auth/scope'
import type { Db } from '../../db/client'
import { cardRequests, cardStatusHistory, cards, channels, merchants } from '../../db/schema'
import { BizError } from '../../http/errors'
import type { ServiceContext } from '../../resources/context'
import { ReviewRules } from '../../reviews/rules'
import { CardOpsRules } from './rules'

export type CardRow = typeof cards.$inferSelect

/**
 * The card `id` if the caller reaches its merchant (a merchant user its own, a company user its
 * subtree's, the platform any); otherwise 3050 (404): another merchant's card looks missing.
 */
export async function cardInReach(ctx: ServiceContext, id: number, db: Db = ctx.db) {
  const reach = await reachOf(db, ctx.actor!)
  const [row] = await db
    .select({ card: cards })
    .from(cards)
    .innerJoin(merchants, eq(merchants.id, cards.merchantId))
    .where(
      and(
        eq(cards.id, id),
        merchantScope(reach, { merchantId: cards.merchantId, companyId: merchants.companyId }),
      ),
    )
  if (!row) throw new BizError(CardOpsRules.notFound)
  return row.card
}

/** The card's row locked for the rest of the transaction (status changes one at a time). */
export async function lockCard(tx: Db, id: number): Promise<CardRow> {
  const [row] = await tx.select().from(cards).where(eq(cards.id, id)).for('update')
  if (!row) throw new BizError(CardOpsRules.notFound)
  return row
}

export async function channelOf(db: Db, card: CardRow) {
  const [row] = await db.select().from(channels).where(eq(channels.id, card.channelId))
  return row
}

/**
 * What the card machine reads of a stored card without asking the database again: its pending
 * transactions and whether it is past its expiry month at `now` (the server's clock, the
 * one the list's Expired badge and the authorisation's `expired` decline use).
 */
export function rowContext(card: CardRow, now: Date): CardInput {
  return { pendingTransactions: card.pendingTransactions, expired: pastExpiry(card.expiry, now) }
}

/**
 * What the card machine reads of a stored card: `rowContext` and, while a cancellation waits,
 * who asked for it and where a rejection returns (the status the request left, from the
 * status history).
 */
export async function machineContext(db: Db, card: CardRow, now: Date): Promise<CardInput> {
  const context = rowContext(card, now)
  if (card.status !== 'cancelRequested') return context
  const [request] = await db
    .select({ requestedBy: cardRequests.requestedBy, reasonCode: cardRequests.reasonCode })
    .from(cardRequests)
    .where(
      and(
        eq(cardRequests.cardId, card.id),
        eq(cardRequests.kind, 'cancel'),
        eq(cardRequests.status, 'pending'),
      ),
    )
  const [asked] = await db
    .select({ fromStatus: cardStatusHistory.fromStatus })
    .from(cardStatusHistory)
    .where(
      and(eq(cardStatusHistory.cardId, card.id), eq(cardStatusHistory.event, 'REQUEST_CANCEL')),
    )
    .orderBy(desc(cardStatusHistory.id))
    .limit(1)
  return {
    ...context,
    requestedBy: request?.requestedBy ?? null,
    reasonCode: request?.reasonCode ?? null,
    beforeCancel: asked?.fromStatus === 'blocked' ? 'blocked' : 'active',
  }
}

/**
 * Refuses what the card machine refuses, with the reason a person can act on: the card being
 * past its expiry month, pending transactions (the spec's message) when they are what stands
 * in the way, the reviewer being the requester, else the status. The machine decides; this
 * only names why.
 */
export function requireAllowed(card: CardRow, event: CardEvent, context: CardInput) {
  const status = card.status as CardStatus
  if (cardSnapshot(status, context).can(event)) return
  if (context.expired && cardSnapshot(status, { ...context, expired: false }).can(event)) {
    throw new BizError(CardOpsRules.cardExpired)
  }
  const free = { ...context, pendingTransactions: 0 }
  if ((context.pendingTransactions ?? 0) > 0 && cardSnapshot(status, free).can(event)) {
    throw new BizError(CardOpsRules.pendingTransactions)
  }
  if ('by' in event && event.by === context.requestedBy) {
    const other = { ...context, requestedBy: -1 }
    if (cardSnapshot(status, other).can(event)) throw new BizError(ReviewRules.ownRequest)
  }
  throw new BizError(CardOpsRules.notAllowed)
}
