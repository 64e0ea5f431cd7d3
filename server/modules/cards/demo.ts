import { and, asc, eq, or } from 'drizzle-orm'
import { encryptField } from '../../cards/cardData'
import { cardNumberFor, securityCode } from '../../channels/sandbox/numbers'
import {
  cardBinAssignments,
  cardBins,
  cardholders,
  cards,
  merchants,
  sandboxCards,
} from '../../db/schema'
import type { Clock, Deps } from '../../deps'
import { createHold, resolveHold } from '../../ledger/holdService'
import { merchantBalance, openCardAccount } from '../../ledger/accounts'
import { expiryFor, INITIAL_HOLD_SECONDS } from './create'
import { recordStatus } from './history'

/** One demo card: its final status, its initial top-up and the steps that led there. */
export interface DemoCard {
  status: 'active' | 'blocked' | 'cancelled' | 'failed' | 'pending' | 'creating'
  alias: string
  usageType: string
  amount: number
  /** When it was created, in days before the seed's clock. */
  createdDaysAgo: number
  /** When it was frozen or cancelled (blocked and cancelled cards), days before the seed. */
  changedDaysAgo?: number
  /** Validity from creation in days (default three years): a short one leaves it expired. */
  validityDays?: number
  limits?: {
    limitPerTransaction: number | null
    limitDaily: number | null
    limitMonthly: number | null
    limitLifetime: number | null
  }
}

/**
 * The issued cards are older than the three months of demo card transactions
 * (`server/modules/card-transactions/demo.ts`, which relies on this order); the travel card has
 * limits (its transactions include a decline for each), the last active card has expired.
 */
export const DEMO_CARDS: DemoCard[] = [
  {
    status: 'active',
    alias: 'Ads — Meta',
    usageType: 'advertising',
    amount: 1_500_00,
    createdDaysAgo: 100,
  },
  {
    status: 'active',
    alias: 'Travel — team',
    usageType: 'travel',
    amount: 800_00,
    createdDaysAgo: 99,
    limits: {
      limitPerTransaction: 300_00,
      limitDaily: 400_00,
      limitMonthly: 900_00,
      limitLifetime: null,
    },
  },
  {
    status: 'blocked',
    alias: 'Suppliers',
    usageType: 'procurement',
    amount: 250_00,
    createdDaysAgo: 98,
    changedDaysAgo: 12,
  },
  {
    status: 'cancelled',
    alias: 'Old subscriptions',
    usageType: 'subscriptions',
    amount: 0,
    createdDaysAgo: 97,
    changedDaysAgo: 40,
  },
  {
    status: 'failed',
    alias: 'Rejected request',
    usageType: 'general',
    amount: 100_00,
    createdDaysAgo: 4,
  },
  {
    status: 'pending',
    alias: 'Awaiting channel',
    usageType: 'general',
    amount: 50_00,
    createdDaysAgo: 3,
  },
  {
    status: 'creating',
    alias: 'New card',
    usageType: 'advertising',
    amount: 20_00,
    createdDaysAgo: 1,
  },
  {
    status: 'active',
    alias: 'Trade fair (expired)',
    usageType: 'travel',
    amount: 0,
    createdDaysAgo: 420,
    validityDays: 365,
  },
]

/**
 * Demo cards for each merchant in every state, written the way the product writes them: each
 * initial top-up is a hold on the merchant balance, posted for an issued card, voided for a
 * failed one, still pending for one the channel has not answered (so `ledger:verify` holds).
 * The sandbox keeps its own row for each (issued cards can be topped up, frozen… through it);
 * the `creating` card's result is due a few seconds after start, so the running sandbox
 * delivers it through the webhook like any other.
 */
/** The reason a demo history step carries (the card block reason dictionary's codes). */
const DEMO_REASONS: Record<string, string> = {
  FREEZE: 'riskReview',
  REQUEST_CANCEL: 'noLongerNeeded',
}

export async function seedDemoCards(deps: Pick<Deps, 'db' | 'clock' | 'dataKey'>) {
  const { db } = deps
  const withHolders = await db
    .select({ merchantId: cardholders.merchantId, companyId: merchants.companyId })
    .from(cardholders)
    .innerJoin(merchants, eq(merchants.id, cardholders.merchantId))
    .where(eq(cardholders.isDefault, true))
    .orderBy(asc(cardholders.merchantId))
  for (const { merchantId, companyId } of withHolders) {
    const [holder] = await db
      .select()
      .from(cardholders)
      .where(and(eq(cardholders.merchantId, merchantId), eq(cardholders.isDefault, true)))
    const [bin] = await db
      .select({ bin: cardBins })
      .from(cardBins)
      .innerJoin(cardBinAssignments, eq(cardBinAssignments.cardBinId, cardBins.id))
      .where(
        and(
          or(
            eq(cardBinAssignments.merchantId, merchantId),
            eq(cardBinAssignments.companyId, companyId),
          ),
          eq(cardBins.cardMode, 'prepaid'),
        ),
      )
      .limit(1)
    if (!bin) continue
    const balance = await merchantBalance(db, merchantId, bin.bin.currency)
    if (!balance) continue
    for (const [i, spec] of DEMO_CARDS.entries()) {
      await seedCard(deps, daysAgo(deps.clock, spec.createdDaysAgo), {
        merchantId,
        holder,
        bin: bin.bin,
        balanceId: balance.id,
        i,
        spec,
      })
    }
  }
}

/** The seed's clock moved back by some days. */
export const daysAgo = (clock: Clock, days: number): Clock => ({
  now: () => new Date(clock.now().getTime() - days * 86_400_000),
})

async function seedCard(
  deps: Pick<Deps, 'db' | 'clock' | 'dataKey'>,
  at: Clock,
  p: {
    merchantId: number
    holder: typeof cardholders.$inferSelect
    bin: typeof cardBins.$inferSelect
    balanceId: number
    i: number
    spec: DemoCard
  },
) {
  const { db } = deps
  const { spec } = p
  const now = at.now()
  const expiry = expiryFor(now, spec.validityDays ?? 3 * 365)
  const [card] = await db
    .insert(cards)
    .values({
      merchantId: p.merchantId,
      cardBinId: p.bin.id,
      channelId: p.bin.channelId,
      cardholderId: p.holder.id,
      batchRequestId: `seed-cards-${p.merchantId}`,
      batchIndex: p.i,
      currency: p.bin.currency,
      cardMode: p.bin.cardMode,
      region: p.bin.region,
      alias: spec.alias,
      usageType: spec.usageType,
      status: spec.status,
      expiry,
      initialAmount: spec.amount,
      ...spec.limits,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
  const ctx = { db, clock: at }
  const account = await openCardAccount(db, card.id, card.currency)
  let holdId: number | null = null
  if (spec.amount > 0) {
    const hold = await createHold(ctx, {
      requestId: `card-initial:${card.id}`,
      debitAccountId: p.balanceId,
      creditAccountId: account.id,
      amount: spec.amount,
      currency: card.currency,
      timeoutSeconds: INITIAL_HOLD_SECONDS,
    })
    holdId = hold.id
    const issued = ['active', 'blocked', 'cancelled'].includes(spec.status)
    if (issued || spec.status === 'failed') {
      await resolveHold(ctx, {
        holdId,
        requestId: `card-initial-${issued ? 'post' : 'void'}:${card.id}`,
        action: issued ? 'post' : 'void',
        ...(issued ? { kind: 'card_initial_topup' } : {}),
      })
    }
  }
  const number = cardNumberFor(p.bin.bin)
  const code = securityCode()
  const cardRef = `sbx_seed_${card.id}`
  const issued = ['active', 'blocked', 'cancelled'].includes(spec.status)
  await db
    .update(cards)
    .set({
      initialHoldId: holdId,
      channelCardRef: spec.status === 'creating' ? null : cardRef,
      ...(issued
        ? {
            first6: number.slice(0, 6),
            last4: number.slice(-4),
            numberEnc: encryptField(deps.dataKey, number),
            securityCodeEnc: encryptField(deps.dataKey, code),
          }
        : {}),
    })
    .where(eq(cards.id, card.id))
  const result = issued ? 'success' : spec.status === 'creating' ? 'success' : spec.status
  await db.insert(sandboxCards).values({
    cardRef,
    channelId: p.bin.channelId,
    clientRef: String(card.id),
    currency: card.currency,
    numberEnc: encryptField(deps.dataKey, number),
    securityCodeEnc: encryptField(deps.dataKey, code),
    expiry,
    creationResult: result,
    status: spec.status === 'creating' ? 'creating' : spec.status,
    balance: issued && spec.status !== 'cancelled' ? spec.amount : 0,
    limits: spec.limits ?? null,
    // The creating card's result is due five seconds after the seed.
    deliverAt: new Date(deps.clock.now().getTime() + 5_000),
    deliveredAt: spec.status === 'creating' ? null : now,
    createdAt: now,
  })
  // The history the card went through.
  const steps: [string | null, string, string][] = [[null, 'creating', 'CREATE']]
  if (issued) steps.push(['creating', 'active', 'CHANNEL_CREATED'])
  if (spec.status === 'blocked') steps.push(['active', 'blocked', 'FREEZE'])
  // A cancellation is asked for (with its reason) before the channel confirms it.
  if (spec.status === 'cancelled')
    steps.push(
      ['active', 'cancelRequested', 'REQUEST_CANCEL'],
      ['cancelRequested', 'cancelled', 'CHANNEL_CANCELLED'],
    )
  if (spec.status === 'failed') steps.push(['creating', 'failed', 'CHANNEL_FAILED'])
  if (spec.status === 'pending') steps.push(['creating', 'pending', 'CHANNEL_PENDING'])
  for (const [from, to, event] of steps) {
    // A freeze or cancellation happened later than the creation, when the card says so.
    const later =
      ['FREEZE', 'REQUEST_CANCEL', 'CHANNEL_CANCELLED'].includes(event) && spec.changedDaysAgo
    await recordStatus(db, later ? daysAgo(deps.clock, spec.changedDaysAgo!) : at, {
      cardId: card.id,
      fromStatus: from,
      toStatus: to,
      event,
      // Reason codes as people pick them, so the demo's histories show their labels.
      reasonCode: DEMO_REASONS[event] ?? '',
      actorUserId: null,
    })
  }
}
