import { eq } from 'drizzle-orm'
import { audit } from '../../audit'
import type { IssuerChannel } from '../../channels/issuer'
import type { Db } from '../../db/client'
import { ledgerHolds } from '../../db/schema'
import type { Deps } from '../../deps'
import { BizError, type Rule } from '../../http/errors'
import {
  cardAccountKey,
  merchantBalance,
  merchantBalanceKey,
  openAccount,
} from '../../ledger/accounts'
import { pollUntil } from '../../concurrency/pollUntil'
import { holdOnce, resolveHold, type HoldRow } from '../../ledger/holdService'
import { availableBalance } from '../../ledger/postings'
import { LedgerRules } from '../../ledger/rules'
import type { LedgerContext } from '../../ledger/store'
import type { ServiceContext } from '../../resources/context'
import { intParameter } from '../cards/params'
import { cardInReach, requireAllowed, rowContext, type CardRow } from './card'
import { atChannel } from './channel'
import { CardOpsRules } from './rules'
import type { LedgerKind } from '../../../src/lib/codeLabels'

/**
 * Money between a card and its merchant's balance (docs/cards.md, "Order of ledger and
 * channel"): 1. a ledger hold reserves the amount on the paying account (so it cannot be spent
 * twice, and a short balance is refused before the channel hears of it); 2. the channel is
 * asked, with no database lock held while it answers; 3. on success the hold is posted, on a
 * `ChannelError` it is voided — nothing moves and the refusal is clean. The hold's request id
 * is derived from the client's requestId, so a retry finds it: posted → the first answer,
 * voided → 3064 (that request failed; a new one needs a new id), pending → the first answer
 * once it is known, or 3063 if the first call is still at the channel after a wait.
 */

/** How long a hold waits for the channel before the expiry job gives the money back. */
const CHANNEL_HOLD_SECONDS = 15 * 60

/** Minimum top-up in minor units: system parameter `card.min_topup`; 0 means no limit. */
export const minimumTopUp = (db: Db) => intParameter(db, 'card.min_topup', 0)

export interface MoneyMove {
  /** The hold's request id; the posting uses `<holdRequestId>:post`, a void `:void`. */
  holdRequestId: string
  fromAccountId: number
  toAccountId: number
  amount: number
  currency: string
  /** The posted entry's kind. */
  kind: LedgerKind
  /** What a short paying account answers (the merchant's or the card's message). */
  short: Rule
  /** The channel call; `idempotencyKey` is the hold's request id (one per request). */
  channel: (issuer: IssuerChannel, cardRef: string, idempotencyKey: string) => Promise<void>
  /** Written in the posting's transaction (status change, request row, audit). */
  record?: LedgerContext['record']
}

export interface MoveResult {
  hold: HoldRow
  entryId: number
}

/**
 * Hold → channel → post (or void on a channel error). See the module comment. Only the call
 * that placed the hold goes on to the channel: every other copy of the request, a retry or
 * one racing it, answers from the hold (`answerCopy`), so the channel hears of a request once
 * — and with the hold's request id as its idempotency key, so a channel that receives it
 * twice anyway (a lost answer) acts once too.
 */
export async function moveThroughChannel(
  ctx: ServiceContext,
  deps: Deps,
  card: CardRow,
  move: MoneyMove,
): Promise<MoveResult> {
  let placed: { hold: HoldRow; created: boolean }
  try {
    placed = await holdOnce(ledgerOf(ctx), holdInput(move))
  } catch (e) {
    if (e instanceof BizError && e.rule === LedgerRules.insufficientBalance) {
      throw new BizError(move.short)
    }
    throw e
  }
  if (!placed.created) return answerCopy(ctx, placed.hold)
  const { hold } = placed
  try {
    await atChannel(deps, card, (issuer, ref) => move.channel(issuer, ref, move.holdRequestId))
  } catch (e) {
    await resolveHold(ledgerOf(ctx), {
      holdId: hold.id,
      requestId: `${move.holdRequestId}:void`,
      action: 'void',
    })
    throw e
  }
  const posted = await resolveHold(
    { ...ledgerOf(ctx), record: move.record },
    { holdId: hold.id, requestId: `${move.holdRequestId}:post`, action: 'post', kind: move.kind },
  )
  return { hold: posted, entryId: posted.entryId! }
}

/**
 * A copy of a request whose hold another call placed: the first call's result once it is
 * known (waiting while that call is at the channel); 3064 if it failed there (a new attempt
 * needs a new request id); 3063 if it is still at the channel after the wait.
 */
async function answerCopy(ctx: ServiceContext, first: HoldRow): Promise<MoveResult> {
  const hold = await pollUntil(
    async () =>
      (await ctx.db.select().from(ledgerHolds).where(eq(ledgerHolds.id, first.id)))[0] ?? first,
    (h) => h.status !== 'pending',
  )
  if (hold.status === 'posted') return { hold, entryId: hold.entryId! }
  if (hold.status === 'pending') throw new BizError(CardOpsRules.inProgress)
  throw new BizError(CardOpsRules.failedAtChannel)
}

const holdInput = (move: MoneyMove) => ({
  requestId: move.holdRequestId,
  debitAccountId: move.fromAccountId,
  creditAccountId: move.toAccountId,
  amount: move.amount,
  currency: move.currency,
  timeoutSeconds: CHANNEL_HOLD_SECONDS,
})

const ledgerOf = (ctx: ServiceContext) => ({
  db: ctx.db,
  clock: ctx.clock,
  actorUserId: ctx.actor?.userId ?? null,
})

export interface MoneyAnswer {
  cardId: number
  amount: number
  currency: string
  entryId: number
  /** The card's available balance after the movement. */
  cardAvailable: number
}

async function answer(db: Db, cardId: number, currency: string, amount: number, entryId: number) {
  const account = await openAccount(db, cardAccountKey(cardId, currency))
  return { cardId, amount, currency, entryId, cardAvailable: availableBalance(account) }
}

/** Top up: the merchant's balance in the card's currency → the card. */
export async function topUp(
  ctx: ServiceContext,
  deps: Deps,
  input: { id: number; amount: number; requestId: string },
): Promise<MoneyAnswer> {
  const card = await cardInReach(ctx, input.id)
  requireAllowed(card, { type: 'TOP_UP' }, rowContext(card, ctx.clock.now()))
  const min = await minimumTopUp(ctx.db)
  if (min > 0 && input.amount < min) throw new BizError(CardOpsRules.topUpTooSmall, { min })
  const from = await merchantBalance(ctx.db, card.merchantId, card.currency)
  if (!from) throw new BizError(LedgerRules.insufficientBalance)
  const to = await openAccount(ctx.db, cardAccountKey(card.id, card.currency))
  const moved = await moveThroughChannel(ctx, deps, card, {
    holdRequestId: `card-top-up:${input.requestId}`,
    fromAccountId: from.id,
    toAccountId: to.id,
    amount: input.amount,
    currency: card.currency,
    kind: 'card_top_up',
    short: LedgerRules.insufficientBalance,
    channel: (issuer, ref, key) => issuer.topUp(ref, input.amount, card.currency, key),
    record: (tx, posted) =>
      audit(
        ctx,
        {
          action: 'card.topUp',
          target: `card:${card.id}`,
          detail: { amount: input.amount, currency: card.currency, entryId: posted.entry.id },
        },
        tx,
      ),
  })
  return answer(ctx.db, card.id, card.currency, input.amount, moved.entryId)
}

/** Withdraw: the card → the merchant's balance; not more than the card's available balance. */
export async function withdraw(
  ctx: ServiceContext,
  deps: Deps,
  input: { id: number; amount: number; requestId: string },
): Promise<MoneyAnswer> {
  const card = await cardInReach(ctx, input.id)
  requireAllowed(card, { type: 'WITHDRAW' }, rowContext(card, ctx.clock.now()))
  const from = await openAccount(ctx.db, cardAccountKey(card.id, card.currency))
  const to = await openAccount(ctx.db, merchantBalanceKey(card.merchantId, card.currency))
  const moved = await moveThroughChannel(ctx, deps, card, {
    holdRequestId: `card-withdraw:${input.requestId}`,
    fromAccountId: from.id,
    toAccountId: to.id,
    amount: input.amount,
    currency: card.currency,
    kind: 'card_withdraw',
    short: CardOpsRules.insufficientCardBalance,
    channel: (issuer, ref, key) => issuer.withdraw(ref, input.amount, card.currency, key),
    record: (tx, posted) =>
      audit(
        ctx,
        {
          action: 'card.withdraw',
          target: `card:${card.id}`,
          detail: { amount: input.amount, currency: card.currency, entryId: posted.entry.id },
        },
        tx,
      ),
  })
  return answer(ctx.db, card.id, card.currency, input.amount, moved.entryId)
}
