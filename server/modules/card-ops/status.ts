import { randomUUID } from 'node:crypto'
import { desc, eq } from 'drizzle-orm'
import type { AuditAction } from '../../../src/lib/auditActions'
import { nextCardStatus, type CardEvent, type CardStatus } from '../../../src/machines/card'
import { audit, changedFields } from '../../audit'
import type { CardLimits, IssuerChannel } from '../../channels/issuer'
import type { Db } from '../../db/client'
import { cardRequests, cardStatusHistory, cards } from '../../db/schema'
import type { Deps } from '../../deps'
import type { ServiceContext } from '../../resources/context'
import { cardInReach, lockCard, machineContext, requireAllowed, type CardRow } from './card'
import { atChannel } from './channel'
import { requireReason } from './reasons'

type ChannelCall = (issuer: IssuerChannel, cardRef: string) => Promise<void>

export interface StatusChange {
  event: CardEvent
  reasonCode?: string
  note?: string
  /** Asked of the channel before the status is stored; its opposite undoes it (see below). */
  channel?: { call: ChannelCall; undo: ChannelCall }
  /** More writes in the status change's transaction (a card request row). */
  alsoWrite?: (tx: Db, card: CardRow) => Promise<void>
  auditAction: AuditAction
}

/** The reason and note of the card's last status change (its status's own), if any. */
async function lastStatusChange(tx: Db, cardId: number) {
  const [row] = await tx
    .select({ reasonCode: cardStatusHistory.reasonCode, note: cardStatusHistory.note })
    .from(cardStatusHistory)
    .where(eq(cardStatusHistory.cardId, cardId))
    .orderBy(desc(cardStatusHistory.id))
    .limit(1)
  return row
}

/**
 * One status change of a card, decided by the card machine (`nextCardStatus`) and stored with
 * its history row and audit row in one transaction. The channel is asked first, with no lock
 * held; the card's row is then locked and the machine asked again on what is stored now. If a
 * concurrent change got there first, the channel call is undone (`undo`: unfreeze after a
 * freeze…) and the change refused — so channel and database never disagree.
 */
export async function changeStatus(
  ctx: ServiceContext,
  deps: Deps,
  id: number,
  change: StatusChange,
): Promise<{ id: number; status: CardStatus }> {
  const card = await cardInReach(ctx, id)
  requireAllowed(card, change.event, await machineContext(ctx.db, card, ctx.clock.now()))
  if (change.channel) await atChannel(deps, card, change.channel.call)
  try {
    return await ctx.db.transaction(async (tx) => {
      const locked = await lockCard(tx, card.id)
      const context = await machineContext(tx, locked, ctx.clock.now())
      requireAllowed(locked, change.event, context)
      const next = nextCardStatus(locked.status as CardStatus, change.event, context)!
      const previous = await lastStatusChange(tx, locked.id)
      await tx
        .update(cards)
        .set({ status: next.status, updatedAt: ctx.clock.now() })
        .where(eq(cards.id, locked.id))
      await tx.insert(cardStatusHistory).values({
        cardId: locked.id,
        fromStatus: locked.status,
        toStatus: next.status,
        event: change.event.type,
        reasonCode: change.reasonCode ?? '',
        note: change.note ?? '',
        actorUserId: ctx.actor?.userId ?? null,
        createdAt: ctx.clock.now(),
      })
      await change.alsoWrite?.(tx, locked)
      await audit(
        ctx,
        {
          action: change.auditAction,
          target: `card:${locked.id}`,
          // The card's state before and after: its status and the reason and note it was put
          // in that status with (the audit screen shows what changed, docs/audit.md).
          detail: changedFields(
            {
              status: locked.status,
              reason: previous?.reasonCode ?? '',
              note: previous?.note ?? '',
            },
            { status: next.status, reason: change.reasonCode ?? '', note: change.note ?? '' },
          ),
        },
        tx,
      )
      return { id: locked.id, status: next.status }
    })
  } catch (e) {
    if (change.channel) await atChannel(deps, card, change.channel.undo).catch(() => {})
    throw e
  }
}

/**
 * The channel's idempotency key of a status or limits change. These calls carry no client
 * request id (a second freeze is refused by the card machine, not answered as a retry), so
 * each call is its own channel operation: the key names it once, for the channel's own
 * de-duplication of a resent request, and never matches another call's.
 */
const operationKey = (operation: string, cardId: number) =>
  `card:${cardId}:${operation}:${randomUUID()}`

export interface ReasonInput {
  id: number
  reasonCode: string
  note?: string
}

export async function freeze(ctx: ServiceContext, deps: Deps, input: ReasonInput) {
  await requireReason(ctx, input.reasonCode)
  return changeStatus(ctx, deps, input.id, {
    event: { type: 'FREEZE', reasonCode: input.reasonCode },
    reasonCode: input.reasonCode,
    note: input.note,
    channel: {
      call: (i, ref) => i.freeze(ref, operationKey('freeze', input.id)),
      undo: (i, ref) => i.unfreeze(ref, operationKey('freeze-undo', input.id)),
    },
    auditAction: 'card.freeze',
  })
}

export async function unfreeze(ctx: ServiceContext, deps: Deps, input: ReasonInput) {
  await requireReason(ctx, input.reasonCode)
  return changeStatus(ctx, deps, input.id, {
    event: { type: 'UNFREEZE', reasonCode: input.reasonCode },
    reasonCode: input.reasonCode,
    note: input.note,
    channel: {
      call: (i, ref) => i.unfreeze(ref, operationKey('unfreeze', input.id)),
      undo: (i, ref) => i.freeze(ref, operationKey('unfreeze-undo', input.id)),
    },
    auditAction: 'card.unfreeze',
  })
}

/**
 * A cancellation request: the card waits in `cancelRequested` for another person's review
 * (`cards-cancel-review`). Nothing is asked of the channel until the request is approved.
 */
export async function requestCancel(ctx: ServiceContext, deps: Deps, input: ReasonInput) {
  await requireReason(ctx, input.reasonCode)
  const by = ctx.actor!.userId
  return changeStatus(ctx, deps, input.id, {
    event: { type: 'REQUEST_CANCEL', reasonCode: input.reasonCode, by },
    reasonCode: input.reasonCode,
    note: input.note,
    auditAction: 'card.cancelRequest',
    alsoWrite: async (tx, card) => {
      await tx.insert(cardRequests).values({
        cardId: card.id,
        merchantId: card.merchantId,
        kind: 'cancel',
        currency: card.currency,
        reasonCode: input.reasonCode,
        note: input.note ?? '',
        requestedBy: by,
        requestedAt: ctx.clock.now(),
      })
    },
  })
}

export type LimitsInput = { id: number } & CardLimits

const limitsOf = (card: CardRow): CardLimits => ({
  perTransaction: card.limitPerTransaction,
  daily: card.limitDaily,
  monthly: card.limitMonthly,
  lifetime: card.limitLifetime,
})

/**
 * New spending limits (null = none) on an active card: the channel first, then the row; if the
 * card's status changed meanwhile, the channel gets the old limits back.
 */
export async function updateLimits(ctx: ServiceContext, deps: Deps, input: LimitsInput) {
  const card = await cardInReach(ctx, input.id)
  const event: CardEvent = { type: 'UPDATE_LIMIT' }
  requireAllowed(card, event, await machineContext(ctx.db, card, ctx.clock.now()))
  const limits: CardLimits = {
    perTransaction: input.perTransaction,
    daily: input.daily,
    monthly: input.monthly,
    lifetime: input.lifetime,
  }
  await atChannel(deps, card, (i, ref) =>
    i.updateLimits(ref, limits, operationKey('limits', card.id)),
  )
  try {
    return await ctx.db.transaction(async (tx) => {
      const locked = await lockCard(tx, card.id)
      requireAllowed(locked, event, await machineContext(tx, locked, ctx.clock.now()))
      await tx
        .update(cards)
        .set({
          limitPerTransaction: limits.perTransaction,
          limitDaily: limits.daily,
          limitMonthly: limits.monthly,
          limitLifetime: limits.lifetime,
          updatedAt: ctx.clock.now(),
        })
        .where(eq(cards.id, locked.id))
      await audit(
        ctx,
        {
          action: 'card.limits',
          target: `card:${locked.id}`,
          // Amounts in the card's minor units: the currency lets the log show them as money.
          detail: {
            ...changedFields(limitsOf(locked), { ...limits }),
            currency: locked.currency,
          },
        },
        tx,
      )
      return { id: locked.id, ...limits }
    })
  } catch (e) {
    await atChannel(deps, card, (i, ref) =>
      i.updateLimits(ref, limitsOf(card), operationKey('limits-undo', card.id)),
    ).catch(() => {})
    throw e
  }
}
