import { and, asc, eq } from 'drizzle-orm'
import type { CardCreateRequest } from '../../../src/resources/cards'
import { formatMoney } from '../../../src/lib/money'
import { audit } from '../../audit'
import type { Actor } from '../../auth/actor'
import { reachOf, requireMerchant } from '../../auth/scope'
import { issuerFactories, issuerFor } from '../../channels/registry'
import { ChannelError } from '../../channels/issuer'
import { cardholders, cards, channels } from '../../db/schema'
import { isUniqueViolation } from '../../db/uniqueViolation'
import type { Db } from '../../db/client'
import type { Deps } from '../../deps'
import { BizError } from '../../http/errors'
import { fieldRefusal } from '../../http/refusals'
import { createHold } from '../../ledger/holdService'
import { LedgerRules } from '../../ledger/rules'
import type { ServiceContext } from '../../resources/context'
import { merchantBalance, openCardAccount } from '../../ledger/accounts'
import { applyCreationOutcome } from './creationOutcome'
import { recordStatus } from './history'
import { assignedBin } from './queries'
import { creationBounds, isUsageType } from './params'
import { CardRules } from './rules'

/**
 * How long the initial top-up stays held if the channel never answers (a card left pending or
 * in system error): the hold-expiry job then gives the money back to the merchant.
 */
export const INITIAL_HOLD_SECONDS = 7 * 86_400

type CardRow = typeof cards.$inferSelect

/** The card's expiry month: the month `validityDays` from today (so it lasts at least that). */
export function expiryFor(now: Date, validityDays: number): string {
  const end = new Date(now.getTime() + validityDays * 86_400_000)
  return end.toISOString().slice(0, 7)
}

/**
 * Issues `quantity` cards with the same settings (cards-balance-create-card). Everything is
 * checked first; then, in one transaction, each card is written in `creating` with its ledger
 * account and a hold of the initial top-up on the merchant's balance (all of them or none:
 * a balance short for the whole request writes nothing). The channel is asked after the
 * commit; its results arrive as `card.creation` events (creationEvent.ts). A repeated
 * `requestId` answers the cards it made the first time.
 */
export async function createCards(
  deps: Deps,
  ctx: ServiceContext & { actor: Actor },
  input: CardCreateRequest,
  shared?: SharedIssue,
): Promise<number[]> {
  const reach = await reachOf(ctx.db, ctx.actor)
  const merchant = await requireMerchant(ctx.db, reach, input.merchantId, () =>
    fieldRefusal(
      ctx,
      CardRules.merchantNotFound,
      'merchantId',
      'refusals:cardLife.merchantNotFound',
    ),
  )
  const first = await existingBatch(ctx, input)
  if (first) return first
  const checked = await checkCreation(ctx, merchant, input, shared)
  let made: CardRow[]
  try {
    made = await ctx.db.transaction((tx) => writeCards(tx, ctx, input, checked, shared))
  } catch (e) {
    if (e instanceof BizError && e.rule === LedgerRules.insufficientBalance) {
      throw new BizError(CardRules.insufficientBalance)
    }
    // The same request running at this moment made the cards first: answer those.
    if (isUniqueViolation(e)) {
      const winner = await existingBatch(ctx, input)
      if (winner) return winner
    }
    throw e
  }
  const { bin, holder } = checked
  await askChannel(deps, bin.channel, made, {
    bin: bin.bin.bin,
    cardholder: { firstName: holder.firstName, lastName: holder.lastName, country: holder.country },
  })
  return made.map((c) => c.id)
}

type Checked = Awaited<ReturnType<typeof checkCreation>>

/**
 * Every check of a creation, before anything is written: the BIN is assigned to the merchant
 * (or its company) and its channel can issue, the cardholder is the merchant's, the usage type
 * and validity are allowed, the top-up is at least the minimum and a balance exists to hold it.
 */
async function checkCreation(
  ctx: ServiceContext,
  merchant: { id: number; companyId: number },
  input: CardCreateRequest,
  shared?: SharedIssue,
) {
  const bin = await assignedBin(ctx.db, input.cardBinId, merchant)
  if (!bin) {
    throw fieldRefusal(
      ctx,
      CardRules.binNotAssigned,
      'cardBinId',
      'refusals:cardLife.binNotAssigned',
    )
  }
  if (!bin.channel.active || !issuerFactories[bin.channel.code]) {
    throw fieldRefusal(
      ctx,
      CardRules.channelUnavailable,
      'cardBinId',
      'refusals:cardLife.channelUnavailable',
    )
  }
  const [holder] = await ctx.db
    .select()
    .from(cardholders)
    .where(and(eq(cardholders.id, input.cardholderId), eq(cardholders.merchantId, merchant.id)))
  if (!holder) {
    throw fieldRefusal(
      ctx,
      CardRules.cardholderNotFound,
      'cardholderId',
      'refusals:cardLife.cardholderNotFound',
    )
  }
  if (!(await isUsageType(ctx.db, input.usageType))) {
    throw fieldRefusal(
      ctx,
      CardRules.unknownUsageType,
      'usageType',
      'refusals:cardLife.unknownUsageType',
    )
  }
  const bounds = await creationBounds(ctx.db)
  if (input.validityDays < bounds.minValidityDays) {
    throw fieldRefusal(
      ctx,
      CardRules.validityTooShort,
      'validityDays',
      'refusals:cardLife.validityTooShort',
      {
        days: bounds.minValidityDays,
      },
    )
  }
  const currency = bin.bin.currency
  if (shared && (bin.bin.cardMode !== 'shared' || currency !== shared.currency)) {
    throw shared.wrongBin(bin.bin.cardMode !== 'shared')
  }
  // A group's card spends from the pool: no initial top-up of its own.
  if (!shared && bounds.minTopUp > 0 && input.initialAmount < bounds.minTopUp) {
    throw fieldRefusal(
      ctx,
      CardRules.topUpTooSmall,
      'initialAmount',
      'refusals:cardLife.topUpTooSmall',
      {
        min: formatMoney(bounds.minTopUp, currency),
      },
    )
  }
  const total = input.initialAmount * input.quantity
  const balance = await merchantBalance(ctx.db, merchant.id, currency)
  if (total > 0 && !balance) throw new BizError(CardRules.insufficientBalance)
  return { merchant, bin, holder, currency, balance }
}

/**
 * In the caller's transaction: each card in `creating` with its ledger account and a hold of
 * the initial top-up on the merchant's balance, its first status row, the group's join when
 * it is a group's card, and the audit row.
 */
async function writeCards(
  tx: Db,
  ctx: ServiceContext & { actor: Actor },
  input: CardCreateRequest,
  { merchant, bin, holder, currency, balance }: Checked,
  shared?: SharedIssue,
): Promise<CardRow[]> {
  const expiry = expiryFor(ctx.clock.now(), input.validityDays)
  const rows: CardRow[] = []
  for (let i = 0; i < input.quantity; i++) {
    const now = ctx.clock.now()
    const [card] = await tx
      .insert(cards)
      .values({
        merchantId: merchant.id,
        cardBinId: bin.bin.id,
        channelId: bin.channel.id,
        cardholderId: holder.id,
        batchRequestId: input.requestId,
        batchIndex: i,
        currency,
        cardMode: bin.bin.cardMode,
        region: bin.bin.region,
        alias: input.alias,
        usageType: input.usageType,
        status: 'creating',
        expiry,
        initialAmount: input.initialAmount,
        createdBy: ctx.actor.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    const account = await openCardAccount(tx, card.id, currency)
    let holdId: number | null = null
    if (input.initialAmount > 0) {
      const hold = await createHold(
        { db: tx, clock: ctx.clock },
        {
          requestId: `card-initial:${card.id}`,
          debitAccountId: balance!.id,
          creditAccountId: account.id,
          amount: input.initialAmount,
          currency,
          timeoutSeconds: INITIAL_HOLD_SECONDS,
        },
      )
      holdId = hold.id
      await tx.update(cards).set({ initialHoldId: hold.id }).where(eq(cards.id, card.id))
    }
    await recordStatus(tx, ctx.clock, {
      cardId: card.id,
      fromStatus: null,
      toStatus: 'creating',
      event: 'CREATE',
      actorUserId: ctx.actor.userId,
    })
    rows.push({ ...card, initialHoldId: holdId })
  }
  if (shared) {
    await shared.join(
      tx,
      rows.map((r) => r.id),
    )
  }
  await audit(
    ctx,
    {
      action: 'card.create',
      target: `merchant:${merchant.id}`,
      detail: {
        requestId: input.requestId,
        cardIds: rows.map((r) => r.id),
        cardBinId: bin.bin.id,
        initialAmount: input.initialAmount,
        currency,
      },
    },
    tx,
  )
  return rows
}

/**
 * Cards issued into a shared card group (server/modules/card-groups): the BIN must be a
 * shared-mode one in the group's currency, and the cards join the group in the transaction that
 * writes them (the group's rules checked there, with the group locked).
 */
export interface SharedIssue {
  currency: string
  wrongBin(notShared: boolean): BizError
  join(tx: Db, cardIds: number[]): Promise<void>
}

/**
 * After the commit: one `createCard` per card; a refusal there ends the card at once. The card
 * id is the request's `clientRef`, the channel's idempotency key: asking again for a card the
 * channel already has answers the same `cardRef` (resend.ts relies on it).
 */
export async function askChannel(
  deps: Deps,
  channel: typeof channels.$inferSelect,
  made: CardRow[],
  shared: { bin: string; cardholder: { firstName: string; lastName: string; country: string } },
) {
  const issuer = issuerFor(deps, channel)
  for (const card of made) {
    try {
      const { cardRef } = await issuer.createCard({
        clientRef: String(card.id),
        bin: shared.bin,
        currency: card.currency,
        expiry: card.expiry,
        cardholder: shared.cardholder,
        initialAmount: card.initialAmount,
      })
      await deps.db
        .update(cards)
        .set({ channelCardRef: cardRef })
        .where(and(eq(cards.id, card.id), eq(cards.status, 'creating')))
    } catch (e) {
      if (!(e instanceof ChannelError)) throw e
      // Refused: the card will not exist (failed, hold released). Unavailable: the channel
      // could not answer (system error, hold kept, the card may be retried).
      await applyCreationOutcome(deps, card.id, {
        result: e.kind === 'refused' ? 'failed' : 'systemError',
        note: e.message,
      })
    }
  }
}

/** The cards a request id already made: the same request answers them, another is refused. */
async function existingBatch(ctx: ServiceContext, input: CardCreateRequest) {
  const rows = await ctx.db
    .select()
    .from(cards)
    .where(eq(cards.batchRequestId, input.requestId))
    .orderBy(asc(cards.batchIndex))
  if (rows.length === 0) return null
  const same =
    rows.length === input.quantity &&
    rows.every(
      (r) =>
        r.merchantId === input.merchantId &&
        r.cardBinId === input.cardBinId &&
        r.cardholderId === input.cardholderId &&
        r.alias === input.alias &&
        r.usageType === input.usageType &&
        r.initialAmount === input.initialAmount,
    )
  if (!same) throw new BizError(CardRules.requestIdReused)
  return rows.map((r) => r.id)
}
