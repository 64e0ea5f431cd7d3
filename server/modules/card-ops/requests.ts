import { and, eq } from 'drizzle-orm'
import type { CardStatus } from '../../../src/machines/card'
import { nextCardStatus } from '../../../src/machines/card'
import { audit } from '../../audit'
import { merchantScope, reachOf } from '../../auth/scope'
import type { Db } from '../../db/client'
import { cardRequests, cardStatusHistory, cards, merchants, users } from '../../db/schema'
import type { Deps } from '../../deps'
import { BizError } from '../../http/errors'
import { bankKey, cardAccountKey, merchantBalanceKey, openAccount } from '../../ledger/accounts'
import { availableBalance } from '../../ledger/postings'
import type { ServiceContext } from '../../resources/context'
import type { ReviewState } from '../../../src/machines/review'
import type { Claim } from '../../reviews/claim'
import {
  requireDecision,
  reviewOnce,
  reviewView,
  type Decision,
  type ReviewItem,
  type ReviewRefusals,
} from '../../reviews/service'
import { cardInReach, lockCard, machineContext, requireAllowed } from './card'
import { atChannel } from './channel'
import { moveThroughChannel } from './money'
import { requireReason } from './reasons'
import { CardOpsRules } from './rules'
import { changeStatus } from './status'

type RequestRow = typeof cardRequests.$inferSelect

export interface ReviewInput {
  id: number
  decision: 'approve' | 'reject'
  reasonCode?: string
  note?: string
}

export interface ReviewAnswer {
  id: number
  status: 'approved' | 'rejected'
  cardStatus: CardStatus
  entryId: number | null
}

/** A request of `kind` on a card the caller reaches, else 3056 (404). */
async function requestInReach(ctx: ServiceContext, id: number, kind: RequestRow['kind']) {
  const reach = await reachOf(ctx.db, ctx.actor!)
  const [row] = await ctx.db
    .select({ request: cardRequests })
    .from(cardRequests)
    .innerJoin(merchants, eq(merchants.id, cardRequests.merchantId))
    .where(
      and(
        eq(cardRequests.id, id),
        eq(cardRequests.kind, kind),
        merchantScope(reach, {
          merchantId: cardRequests.merchantId,
          companyId: merchants.companyId,
        }),
      ),
    )
  if (!row) throw new BizError(CardOpsRules.requestNotFound)
  return row.request
}

/**
 * A review already decided answers again for the same reviewer and decision (a retry moves
 * nothing), and is refused for anyone else (3057).
 */
async function decided(ctx: ServiceContext, req: RequestRow, input: ReviewInput) {
  const status: ReviewAnswer['status'] = input.decision === 'approve' ? 'approved' : 'rejected'
  if (req.status !== status || req.reviewedBy !== ctx.actor!.userId) {
    throw new BizError(CardOpsRules.requestReviewed)
  }
  const [card] = await ctx.db.select().from(cards).where(eq(cards.id, req.cardId))
  return { id: req.id, status, cardStatus: card.status as CardStatus, entryId: req.entryId }
}

/**
 * The card requests under the review service (server/reviews/service.ts): their statuses are
 * the review states; the maker is `requested_by`. Another reviewer meanwhile gets 3063, a
 * decided request 3057; the same reviewer's identical call answers the first decision; the
 * maker's own request 2013 (the service's).
 */
const REFUSALS: ReviewRefusals = {
  decided: CardOpsRules.requestReviewed,
  deciding: CardOpsRules.inProgress,
}
export const cardReviewItem = (req: RequestRow): ReviewItem => ({
  subject: 'card-request',
  itemId: req.id,
  state: req.status as ReviewState,
  makerId: req.requestedBy,
})

function decisionOf(
  ctx: ServiceContext,
  req: RequestRow,
  input: ReviewInput,
): Decision<ReviewAnswer> {
  return {
    ...input,
    rules: REFUSALS,
    firstAnswer: async () => {
      const [now] = await ctx.db.select().from(cardRequests).where(eq(cardRequests.id, req.id))
      return decided(ctx, now, input)
    },
  }
}

const closeRequest = (
  ctx: ServiceContext,
  status: 'approved' | 'rejected',
  input: ReviewInput,
  entryId: number | null,
) => ({
  status,
  reviewedBy: ctx.actor!.userId,
  reviewedAt: ctx.clock.now(),
  reviewReasonCode: input.reasonCode ?? '',
  reviewNote: input.note ?? '',
  entryId,
})

/** cards-cancel-review: approve (cancel at the channel, balance back) or reject (status back). */
export async function reviewCancel(
  ctx: ServiceContext,
  deps: Deps,
  input: ReviewInput,
): Promise<ReviewAnswer> {
  const req = await requestInReach(ctx, input.id, 'cancel')
  if (req.status !== 'pending') return decided(ctx, req, input)
  if (input.decision === 'reject') {
    await requireReason(ctx, input.reasonCode ?? '')
    return reviewOnce(ctx, cardReviewItem(req), decisionOf(ctx, req, input), (claim) =>
      rejectCancel(ctx, deps, req, input, claim),
    )
  }
  // The review's own rules first (your own request: 2013), then the card's.
  requireDecision(ctx, cardReviewItem(req), input, REFUSALS)
  const me = ctx.actor!.userId
  const card = await cardInReach(ctx, req.cardId)
  try {
    requireAllowed(
      card,
      { type: 'APPROVE_CANCEL', by: me },
      await machineContext(ctx.db, card, ctx.clock.now()),
    )
  } catch (e) {
    // A copy of an approval that committed between our two reads: the card is cancelled
    // because the request was approved, and this call answers that decision.
    const [now] = await ctx.db.select().from(cardRequests).where(eq(cardRequests.id, req.id))
    if (now.status !== 'pending') return decided(ctx, now, input)
    throw e
  }
  return reviewOnce(ctx, cardReviewItem(req), decisionOf(ctx, req, input), async (claim) => {
    const account = await openAccount(ctx.db, cardAccountKey(card.id, card.currency))
    const rest = availableBalance(account)
    const close = async (tx: Db, entryId: number | null) => {
      const locked = await lockCard(tx, card.id)
      const context = await machineContext(tx, locked, ctx.clock.now())
      const event = { type: 'APPROVE_CANCEL', by: me } as const
      requireAllowed(locked, event, context)
      const next = nextCardStatus(locked.status as CardStatus, event, context)!
      await tx
        .update(cards)
        .set({ status: next.status, updatedAt: ctx.clock.now() })
        .where(eq(cards.id, card.id))
      await tx.insert(cardStatusHistory).values({
        cardId: card.id,
        fromStatus: locked.status,
        toStatus: next.status,
        event: event.type,
        reasonCode: input.reasonCode ?? '',
        note: input.note ?? '',
        actorUserId: me,
        createdAt: ctx.clock.now(),
      })
      await tx
        .update(cardRequests)
        .set(closeRequest(ctx, 'approved', input, entryId))
        .where(eq(cardRequests.id, req.id))
      await claim.settle(tx)
      await audit(
        ctx,
        {
          action: 'card.cancelApprove',
          target: `card:${card.id}`,
          detail: { requestId: req.id, returned: rest, currency: card.currency, entryId },
        },
        tx,
      )
      return next.status
    }
    if (rest === 0) {
      await atChannel(deps, card, (i, ref) => i.cancel(ref, claim.operationId))
      const status = await ctx.db.transaction((tx) => close(tx, null))
      return { id: req.id, status: 'approved', cardStatus: status, entryId: null }
    }
    // The remaining balance goes back to the merchant with the cancellation: held first, the
    // channel cancels, then it is posted in the transaction that stores the status. The hold
    // and the channel's idempotency key are this claim attempt's (never random): a copy of
    // the call can neither place a second hold nor cancel twice.
    const merchant = await openAccount(ctx.db, merchantBalanceKey(card.merchantId, card.currency))
    let cardStatus: CardStatus = 'cancelled'
    const moved = await moveThroughChannel(ctx, deps, card, {
      holdRequestId: claim.operationId,
      fromAccountId: account.id,
      toAccountId: merchant.id,
      amount: rest,
      currency: card.currency,
      kind: 'card_cancel_return',
      short: CardOpsRules.insufficientCardBalance,
      channel: (i, ref, key) => i.cancel(ref, key),
      record: async (tx, posted) => {
        cardStatus = await close(tx, posted.entry.id)
      },
    })
    return { id: req.id, status: 'approved', cardStatus, entryId: moved.entryId }
  })
}

async function rejectCancel(
  ctx: ServiceContext,
  deps: Deps,
  req: RequestRow,
  input: ReviewInput,
  claim: Claim,
): Promise<ReviewAnswer> {
  const me = ctx.actor!.userId
  const changed = await changeStatus(ctx, deps, req.cardId, {
    event: { type: 'REJECT_CANCEL', reasonCode: input.reasonCode!, by: me },
    reasonCode: input.reasonCode,
    note: input.note,
    auditAction: 'card.cancelReject',
    alsoWrite: async (tx) => {
      await tx
        .update(cardRequests)
        .set(closeRequest(ctx, 'rejected', input, null))
        .where(eq(cardRequests.id, req.id))
      await claim.settle(tx)
    },
  })
  return { id: req.id, status: 'rejected', cardStatus: changed.status, entryId: null }
}

export interface BalanceUpdateInput {
  cardId: number
  sign: '+' | '-'
  amount: number
  note: string
}

/**
 * cards-transactions-update-balance: an administrator's correction of a card's balance, waiting
 * for another person's review. A − beyond the card's available balance is refused at once (and
 * again at approval, by the ledger hold). One pending update per card.
 */
export async function requestBalanceUpdate(ctx: ServiceContext, input: BalanceUpdateInput) {
  const card = await cardInReach(ctx, input.cardId)
  const event = input.sign === '+' ? ({ type: 'TOP_UP' } as const) : ({ type: 'WITHDRAW' } as const)
  requireAllowed(card, event, await machineContext(ctx.db, card, ctx.clock.now()))
  if (input.sign === '-') {
    const account = await openAccount(ctx.db, cardAccountKey(card.id, card.currency))
    if (availableBalance(account) < input.amount) {
      throw new BizError(CardOpsRules.insufficientCardBalance)
    }
  }
  return ctx.db.transaction(async (tx) => {
    await lockCard(tx, card.id)
    const [waiting] = await tx
      .select({ id: cardRequests.id })
      .from(cardRequests)
      .where(
        and(
          eq(cardRequests.cardId, card.id),
          eq(cardRequests.kind, 'balanceUpdate'),
          eq(cardRequests.status, 'pending'),
        ),
      )
    if (waiting) throw new BizError(CardOpsRules.updatePending)
    const [row] = await tx
      .insert(cardRequests)
      .values({
        cardId: card.id,
        merchantId: card.merchantId,
        kind: 'balanceUpdate',
        sign: input.sign,
        amount: input.amount,
        currency: card.currency,
        note: input.note,
        requestedBy: ctx.actor!.userId,
        requestedAt: ctx.clock.now(),
      })
      .returning()
    await audit(
      ctx,
      {
        action: 'card.balanceUpdateRequest',
        target: `card:${card.id}`,
        detail: { requestId: row.id, sign: input.sign, amount: input.amount, note: input.note },
      },
      tx,
    )
    return { id: row.id, status: row.status }
  })
}

/** Approve (the ledger and the channel move the amount) or reject a balance update. */
export async function reviewBalanceUpdate(
  ctx: ServiceContext,
  deps: Deps,
  input: ReviewInput,
): Promise<ReviewAnswer> {
  const req = await requestInReach(ctx, input.id, 'balanceUpdate')
  if (req.status !== 'pending') return decided(ctx, req, input)
  // A rejection's reason (3058, on its field), then the review's rules (your own request:
  // 2013), then the card's.
  if (input.decision === 'reject') await requireReason(ctx, input.reasonCode ?? '')
  requireDecision(ctx, cardReviewItem(req), input, REFUSALS)
  const card = await cardInReach(ctx, req.cardId)
  if (input.decision === 'reject') {
    return reviewOnce(ctx, cardReviewItem(req), decisionOf(ctx, req, input), async (claim) => {
      await ctx.db.transaction(async (tx) => {
        await tx
          .update(cardRequests)
          .set(closeRequest(ctx, 'rejected', input, null))
          .where(eq(cardRequests.id, req.id))
        await claim.settle(tx)
        await audit(
          ctx,
          {
            action: 'card.balanceUpdateReject',
            target: `card:${card.id}`,
            detail: { requestId: req.id, reasonCode: input.reasonCode, note: input.note ?? '' },
          },
          tx,
        )
      })
      return {
        id: req.id,
        status: 'rejected',
        cardStatus: card.status as CardStatus,
        entryId: null,
      }
    })
  }
  const credit = req.sign === '+'
  requireAllowed(
    card,
    credit ? { type: 'TOP_UP' } : { type: 'WITHDRAW' },
    await machineContext(ctx.db, card, ctx.clock.now()),
  )
  return reviewOnce(ctx, cardReviewItem(req), decisionOf(ctx, req, input), async (claim) => {
    const cardAccount = await openAccount(ctx.db, cardAccountKey(card.id, card.currency))
    const bank = await openAccount(ctx.db, bankKey(card.currency))
    const amount = req.amount!
    // The hold and the channel's idempotency key are this claim attempt's (never random).
    const moved = await moveThroughChannel(ctx, deps, card, {
      holdRequestId: claim.operationId,
      fromAccountId: credit ? bank.id : cardAccount.id,
      toAccountId: credit ? cardAccount.id : bank.id,
      amount,
      currency: card.currency,
      kind: 'card_balance_update',
      short: CardOpsRules.insufficientCardBalance,
      channel: (i, ref, key) =>
        credit
          ? i.topUp(ref, amount, card.currency, key)
          : i.withdraw(ref, amount, card.currency, key),
      record: async (tx, posted) => {
        await tx
          .update(cardRequests)
          .set(closeRequest(ctx, 'approved', input, posted.entry.id))
          .where(eq(cardRequests.id, req.id))
        await claim.settle(tx)
        await audit(
          ctx,
          {
            action: 'card.balanceUpdateApprove',
            target: `card:${card.id}`,
            detail: { requestId: req.id, sign: req.sign, amount, entryId: posted.entry.id },
          },
          tx,
        )
      },
    })
    return {
      id: req.id,
      status: 'approved',
      cardStatus: card.status as CardStatus,
      entryId: moved.entryId,
    }
  })
}

/**
 * A card request's review as the request's review panel shows it (the same shape as every
 * reviewed item's): state, maker, history; and the caller's buttons for it.
 */
export async function requestReview(
  ctx: ServiceContext,
  input: { id: number },
  kind: RequestRow['kind'],
) {
  const req = await requestInReach(ctx, input.id, kind)
  const [maker] = await ctx.db
    .select({ name: users.loginName })
    .from(users)
    .where(eq(users.id, req.requestedBy))
  const screen = kind === 'cancel' ? 'cards-cancel-review' : 'cards-transactions-update-balance'
  return {
    review: await reviewView(ctx, {
      ...cardReviewItem(req),
      makerName: maker?.name ?? '',
      askedAt: req.requestedAt,
    }),
    // Card requests are not withdrawn by their maker (docs/cards.md): only decided.
    buttons: { decide: ctx.actor!.buttons.has(`${screen}:review`), withdraw: false },
  }
}
