import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { reachOf, reachesMerchant } from '../../auth/scope'
import type { Db } from '../../db/client'
import type { Deps } from '../../deps'
import { cards, cardTransactions, channels, fxRates, merchants } from '../../db/schema'
import { BizError } from '../../http/errors'
import { convert } from '../../ledger/fx'
import { deliverChannelEvent } from '../../channels/transport'
import { EventAnswer } from '../../channels/events'
import type { ServiceContext } from '../../resources/context'
import { CardTxnRules } from './rules'
import { refundable } from './eventRefusals'

/** The built-in sandbox issuer's channel code: the only channel whose events we may make up. */
export const SANDBOX_CHANNEL = 'sandbox'

export type SimulateDeps = Pick<Deps, 'dataKey' | 'clock' | 'channelTransport'>

export interface SimulatedAnswer extends EventAnswer {
  /** The card transaction the event made or changed (null when it changed nothing). */
  transactionId: number | null
}

/** The card, when the caller reaches it and it is on the sandbox channel. */
async function sandboxCard(ctx: ServiceContext, cardId: number) {
  const [row] = await ctx.db
    .select({ card: cards, companyId: merchants.companyId, channelCode: channels.code })
    .from(cards)
    .innerJoin(merchants, eq(merchants.id, cards.merchantId))
    .innerJoin(channels, eq(channels.id, cards.channelId))
    .where(eq(cards.id, cardId))
  const reach = ctx.actor ? await reachOf(ctx.db, ctx.actor) : null
  if (
    !row ||
    !reach ||
    !reachesMerchant(reach, { id: row.card.merchantId, companyId: row.companyId })
  ) {
    throw new BizError(CardTxnRules.cardNotFound)
  }
  if (row.channelCode !== SANDBOX_CHANNEL || !row.card.channelCardRef) {
    throw new BizError(CardTxnRules.notSandbox)
  }
  return { ...row.card, channelCardRef: row.card.channelCardRef }
}

/** A transaction of a sandbox card in the caller's reach. */
async function sandboxTransaction(ctx: ServiceContext, transactionId: number) {
  const [row] = await ctx.db
    .select()
    .from(cardTransactions)
    .where(eq(cardTransactions.id, transactionId))
  if (!row) throw new BizError(CardTxnRules.notFound)
  try {
    return { txn: row, card: await sandboxCard(ctx, row.cardId) }
  } catch (e) {
    // Out of reach answers like a missing id.
    if (e instanceof BizError && e.rule === CardTxnRules.cardNotFound) {
      throw new BizError(CardTxnRules.notFound)
    }
    throw e
  }
}

/** Signs and sends the event over the webhook, as the channel would, and reads its answer. */
async function send(
  deps: SimulateDeps,
  event: { type: string; data: { txnRef: string } & Record<string, unknown> },
  ctx: ServiceContext,
): Promise<SimulatedAnswer> {
  const delivery = await deliverChannelEvent(deps, SANDBOX_CHANNEL, event)
  const answer = EventAnswer.safeParse(delivery.body.data)
  if (delivery.status !== 200 || delivery.body.code !== 0 || !answer.success) {
    throw new BizError(CardTxnRules.deliveryFailed)
  }
  const [row] = await ctx.db
    .select({ id: cardTransactions.id })
    .from(cardTransactions)
    .innerJoin(channels, eq(channels.id, cardTransactions.channelId))
    .where(and(eq(channels.code, SANDBOX_CHANNEL), eq(cardTransactions.txnRef, event.data.txnRef)))
  return { ...answer.data, transactionId: row?.id ?? null }
}

const envelope = (deps: SimulateDeps, type: string) => ({
  id: `sim-${randomUUID()}`,
  occurredAt: deps.clock.now().toISOString(),
  type,
})

export interface AuthorizationInput {
  cardId: number
  /** In the merchant's currency, minor units. */
  amount: number
  currency: string
  merchantName: string
  region: string
  description?: string
}

/**
 * The card amount and rate for an amount the merchant presents in another currency, as the
 * card network converts it (the mid rate, no spread); null without a rate for the pair.
 */
export async function networkConversion(db: Db, amount: number, from: string, to: string) {
  if (from === to) return { cardAmount: amount, exchangeRate: '1' }
  const [rate] = await db
    .select()
    .from(fxRates)
    .where(and(eq(fxRates.baseCurrency, from), eq(fxRates.quoteCurrency, to)))
  if (!rate) return null
  const c = convert({ amount, from, to, rate: rate.rate, spreadBps: 0 })
  return { cardAmount: Math.max(1, c.gross), exchangeRate: rate.rate }
}

async function cardSide(ctx: ServiceContext, amount: number, from: string, to: string) {
  const side = await networkConversion(ctx.db, amount, from, to)
  if (!side) throw new BizError(CardTxnRules.noRate, { from, to })
  return side
}

export async function simulateAuthorization(
  deps: SimulateDeps,
  ctx: ServiceContext,
  input: AuthorizationInput,
): Promise<SimulatedAnswer> {
  const card = await sandboxCard(ctx, input.cardId)
  const side = await cardSide(ctx, input.amount, input.currency, card.currency)
  return send(
    deps,
    {
      ...envelope(deps, 'authorization'),
      data: {
        cardRef: card.channelCardRef,
        txnRef: `sim-${randomUUID()}`,
        merchantAmount: input.amount,
        merchantCurrency: input.currency,
        cardAmount: side.cardAmount,
        cardCurrency: card.currency,
        exchangeRate: side.exchangeRate,
        merchantName: input.merchantName,
        region: input.region,
        description: input.description ?? '',
      },
    },
    ctx,
  )
}

export type FollowUpKind = 'clearing' | 'reversal' | 'expiry'

/** Clears (all, or `amount`), reverses or expires a pending authorisation. */
export async function simulateFollowUp(
  deps: SimulateDeps,
  ctx: ServiceContext,
  kind: FollowUpKind,
  input: { transactionId: number; amount?: number },
): Promise<SimulatedAnswer> {
  const { txn, card } = await sandboxTransaction(ctx, input.transactionId)
  if (txn.type !== 'purchase' || txn.status !== 'pending') {
    throw new BizError(CardTxnRules.notPending)
  }
  if (kind === 'clearing' && input.amount !== undefined && input.amount > txn.cardAmount) {
    throw new BizError(CardTxnRules.clearingAboveAuthorised)
  }
  const data = { cardRef: card.channelCardRef, txnRef: txn.txnRef }
  return send(
    deps,
    {
      ...envelope(deps, kind),
      data: kind === 'clearing' ? { ...data, cardAmount: input.amount ?? txn.cardAmount } : data,
    },
    ctx,
  )
}

/** Pays back a cleared purchase, all of what it cleared or `amount` of it. */
export async function simulateRefund(
  deps: SimulateDeps,
  ctx: ServiceContext,
  input: { transactionId: number; amount?: number },
): Promise<SimulatedAnswer> {
  const { txn, card } = await sandboxTransaction(ctx, input.transactionId)
  const left = txn.type === 'purchase' ? refundable(txn) : 0
  const amount = input.amount ?? left
  // Asked here for a clear answer to the console; the webhook's handler judges it again with
  // the purchase locked (docs/cards.md).
  if (left <= 0 || amount <= 0 || amount > left) {
    throw new BizError(CardTxnRules.refundNotAllowed)
  }
  // The merchant's side in proportion (at least one minor unit).
  const merchantAmount = Math.max(
    1,
    Math.round((amount * txn.merchantAmount) / Math.max(txn.cardAmount, 1)),
  )
  const refund = await send(
    deps,
    {
      ...envelope(deps, 'refund'),
      data: {
        cardRef: card.channelCardRef,
        txnRef: `sim-${randomUUID()}`,
        originalTxnRef: txn.txnRef,
        merchantAmount,
        merchantCurrency: txn.merchantCurrency,
        cardAmount: amount,
        cardCurrency: txn.cardCurrency,
        exchangeRate: txn.exchangeRate,
        merchantName: txn.merchantName,
        region: txn.region,
        description: txn.description,
      },
    },
    ctx,
  )
  return refund
}
