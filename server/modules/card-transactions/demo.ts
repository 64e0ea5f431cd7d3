import { and, asc, eq, like, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { cards, channels, sandboxCards } from '../../db/schema'
import type { Clock, Deps } from '../../deps'
import type { ChannelEventOf, EventAnswer } from '../../channels/events'
import type { ChannelRow } from '../../channels/handlers'
import { createHold, resolveHold } from '../../ledger/holdService'
import { merchantBalance, openCardAccount } from '../../ledger/accounts'
import { DEMO_CARDS } from '../cards/demo'
import { authorize, refund, resolveAuthorisation, type FollowUp } from './handlers'
import { networkConversion } from './simulate'
import { usageOf } from './usage'
import { seededRandom } from '../../../src/lib/seededRandom'

/**
 * Three months of card transactions for each merchant's demo cards (docs/cards.md, "Demo
 * data"), written by the webhook's own handlers (`authorize`, `resolveAuthorisation`,
 * `refund`) with the clock set to each event's time: every approval places its ledger hold,
 * every clearing posts it (some partly), reversals and expiries release it, refunds credit the
 * card, declines are decided by the same rules as live ones. So the ledger verifies, the
 * cards' pending counts and limits add up, and the list reads like a live one.
 *
 * Deterministic: the same seed clock gives the same transactions (a fixed pseudo-random
 * sequence per merchant); only the six-digit authorisation codes are drawn at random, as live.
 * Every decline reason a demo card can meet is included on purpose: insufficient funds, card
 * blocked, card cancelled, expired, a channel error (the wrong currency), and the travel card's
 * per-transaction, daily, monthly and lifetime limits.
 */

const DAY = 86_400_000
const HOUR = 3_600_000

type Kind = 'clear' | 'partial' | 'reverse' | 'expire' | 'refund' | 'pending'

interface Shop {
  name: string
  region: string
  currency: string
  description: string
}

const AD_SHOPS: Shop[] = [
  { name: 'Meta Platforms Ireland', region: 'IE', currency: 'EUR', description: 'Ad campaign' },
  { name: 'Google Asia Pacific', region: 'SG', currency: 'SGD', description: 'Search ads' },
  { name: 'TikTok Ads', region: 'US', currency: 'USD', description: 'Video ads' },
  { name: 'LinkedIn Ads', region: 'US', currency: 'USD', description: 'Sponsored content' },
  { name: 'LINE Ads Thailand', region: 'TH', currency: 'THB', description: 'Messaging ads' },
]
const TRAVEL_SHOPS: Shop[] = [
  { name: 'Singapore Airlines', region: 'SG', currency: 'SGD', description: 'Flight' },
  { name: 'Grab', region: 'SG', currency: 'SGD', description: 'Ride' },
  { name: 'Marriott Bangkok', region: 'TH', currency: 'THB', description: 'Hotel' },
  { name: 'Booking.com', region: 'NL', currency: 'EUR', description: 'Hotel booking' },
  { name: 'Uber', region: 'US', currency: 'USD', description: 'Ride' },
]

/** How the advertising card's authorisations end, in turn (each kind several times). */
const AD_KINDS: Kind[] = [
  'clear',
  'partial',
  'clear',
  'refund',
  'clear',
  'reverse',
  'clear',
  'expire',
]

/** One purchase: when (ms before the seed's clock), on which card, what and what follows. */
interface Purchase {
  card: number
  ago: number
  /** In the shop's currency, minor units. */
  amount: number
  shop: Shop
  kind: Kind
  /** How long after the authorisation its follow-up comes. */
  after?: number
  /** Sent in this currency instead of the card's (the channel's mistake: a channelError). */
  wrongCurrency?: boolean
}

/** The UTC month start of a time. */
const monthStart = (t: number) => {
  const d = new Date(t)
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)
}

/** The demo cards' places (DEMO_CARDS order). */
const ADS = 0
const TRAVEL = 1
const BLOCKED = 2
const CANCELLED = 3
const EXPIRED = 7

/** The purchases of one merchant, `now` being the seed's clock (pure: the same input, the same plan). */
export function plan(merchantIndex: number, now: number): Purchase[] {
  const rnd = seededRandom(0x5eed + merchantIndex * 7919)
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]
  const kindOf = (): Kind => {
    const r = rnd()
    if (r < 0.62) return 'clear'
    if (r < 0.74) return 'partial'
    if (r < 0.84) return 'reverse'
    if (r < 0.9) return 'expire'
    return 'refund'
  }
  const followUpAfter = (kind: Kind) =>
    kind === 'reverse'
      ? 2 * HOUR + rnd() * 6 * HOUR
      : kind === 'expire'
        ? 7 * DAY
        : kind === 'refund'
          ? 5 * DAY + rnd() * 4 * DAY
          : DAY + rnd() * 2 * DAY
  const out: Purchase[] = []
  let ads = 0
  // The advertising card: about one a week for three months, many in another currency.
  for (let d = 88; d >= 1; d -= 6 + Math.floor(rnd() * 3)) {
    const shop = pick(AD_SHOPS)
    const major = 20 + Math.floor(rnd() * 90)
    const amount = shop.currency === 'THB' ? major * 3_000 : major * 100 + Math.floor(rnd() * 100)
    // Every way an authorisation ends, in turn; the last days' ones are not settled yet.
    const kind = d <= 3 ? 'pending' : AD_KINDS[(ads++ + merchantIndex) % AD_KINDS.length]
    out.push({ card: ADS, ago: d * DAY - 9 * HOUR - rnd() * 8 * HOUR, amount, shop, kind })
  }
  // The travel card, lighter: until five weeks ago, never close to its limits on its own.
  for (let d = 86; d >= 36; d -= 10 + Math.floor(rnd() * 3)) {
    const shop = pick(TRAVEL_SHOPS)
    const major = 15 + Math.floor(rnd() * 60)
    const amount = shop.currency === 'THB' ? major * 3_000 : major * 100
    out.push({ card: TRAVEL, ago: d * DAY - 11 * HOUR, amount, shop, kind: kindOf() })
  }

  // Declines, each on purpose.
  const usd = (name: string, description: string): Shop => ({
    name,
    region: 'US',
    currency: 'USD',
    description,
  })
  // The travel card's monthly limit (900.00): four purchases in one calendar month, the last
  // one over it (each under the per-transaction and daily limits).
  const m0 = Math.max(monthStart(now - 70 * DAY), now - 88 * DAY) + 10 * HOUR
  for (const [i, amount] of [280_00, 280_00, 280_00, 290_00].entries()) {
    out.push({
      card: TRAVEL,
      ago: now - (m0 + i * DAY + i * HOUR),
      amount,
      shop: usd('United Airlines', 'Team flights'),
      kind: 'clear',
    })
  }
  // Per transaction (300.00) and daily (400.00): a long-haul fare, then two on one day.
  out.push({
    card: TRAVEL,
    ago: 30 * DAY,
    amount: 450_00,
    shop: usd('Delta Air Lines', 'Long-haul fare'),
    kind: 'clear',
  })
  out.push({
    card: TRAVEL,
    ago: 25 * DAY,
    amount: 250_00,
    shop: usd('Hilton', 'Conference hotel'),
    kind: 'clear',
  })
  out.push({
    card: TRAVEL,
    ago: 25 * DAY - 3 * HOUR,
    amount: 200_00,
    shop: usd('Hilton', 'Extra night'),
    kind: 'clear',
  })
  // Insufficient funds on the advertising card, the wrong currency from the channel.
  out.push({
    card: ADS,
    ago: 10 * DAY,
    amount: 5_000_00,
    shop: usd('Meta Platforms', 'Quarterly campaign'),
    kind: 'clear',
  })
  out.push({
    card: ADS,
    ago: 9 * DAY,
    amount: 42_00,
    shop: usd('Canva', 'Design subscription'),
    kind: 'clear',
    wrongCurrency: true,
  })
  // A blocked, a cancelled and an expired card still asked to pay.
  out.push({
    card: BLOCKED,
    ago: 6 * DAY,
    amount: 180_00,
    shop: usd('Alibaba.com', 'Supplier order'),
    kind: 'clear',
  })
  out.push({
    card: CANCELLED,
    ago: 15 * DAY,
    amount: 12_99,
    shop: usd('Netflix', 'Monthly subscription'),
    kind: 'clear',
  })
  out.push({
    card: EXPIRED,
    ago: 8 * DAY,
    amount: 75_00,
    shop: usd('Marina Bay Sands Expo', 'Exhibitor fee'),
    kind: 'clear',
  })
  // Not settled yet: one from yesterday in another currency, one from the day before.
  out.push({ card: ADS, ago: DAY - 2 * HOUR, amount: 64_00, shop: AD_SHOPS[0], kind: 'pending' })
  out.push({
    card: TRAVEL,
    ago: 2 * DAY - 5 * HOUR,
    amount: 24_50,
    shop: TRAVEL_SHOPS[1],
    kind: 'pending',
  })
  for (const p of out) p.after ??= followUpAfter(p.kind)
  return out
}

interface Step {
  at: number
  run: () => Promise<EventAnswer>
}

/** Seeds the demo card transactions of every merchant with demo cards (after seedDemoCards). */
export async function seedDemoCardTransactions(deps: Pick<Deps, 'db' | 'clock' | 'log'>) {
  const { db } = deps
  const now = deps.clock.now().getTime()
  const seeded = await db
    .select()
    .from(cards)
    .where(like(cards.batchRequestId, 'seed-cards-%'))
    .orderBy(asc(cards.merchantId), asc(cards.batchIndex))
  const byMerchant = new Map<number, (typeof seeded)[number][]>()
  for (const c of seeded) byMerchant.set(c.merchantId, [...(byMerchant.get(c.merchantId) ?? []), c])
  const channelRows = new Map<number, ChannelRow>(
    (await db.select().from(channels)).map((c) => [c.id, c]),
  )

  for (const [m, [merchantId, merchantCards]] of [...byMerchant].entries()) {
    if (merchantCards.length !== DEMO_CARDS.length) continue
    const steps: Step[] = []
    // Money in before it is spent: each active card topped up from the merchant balance.
    for (const [cardIndex, daysBack] of [
      [ADS, 50],
      [TRAVEL, 89],
    ] as const) {
      const card = merchantCards[cardIndex]
      steps.push({
        at: now - daysBack * DAY,
        run: () => topUp(db, clockAt(now - daysBack * DAY), card, merchantId, 1_000_00),
      })
    }
    for (const [n, p] of plan(m, now).entries()) {
      const card = merchantCards[p.card]
      const channel = channelRows.get(card.channelId)!
      const cardRef = card.channelCardRef!
      const txnRef = `demo-${merchantId}-${n + 1}`
      const at = now - p.ago
      const side = await networkConversion(db, p.amount, p.shop.currency, card.currency)
      if (!side) throw new Error(`demo: no FX rate ${p.shop.currency} → ${card.currency}`)
      const data = {
        cardRef,
        txnRef,
        merchantAmount: p.amount,
        merchantCurrency: p.shop.currency,
        cardAmount: side.cardAmount,
        cardCurrency: p.wrongCurrency ? 'EUR' : card.currency,
        exchangeRate: side.exchangeRate,
        merchantName: p.shop.name,
        region: p.shop.region,
        description: p.shop.description,
      }
      const event = <T extends string>(type: T, t: number) => ({
        id: `demo-${type}-${merchantId}-${n + 1}`,
        occurredAt: new Date(t).toISOString(),
        type,
      })
      const withClock = (t: number) => ({ ...deps, clock: clockAt(t) }) as Deps
      steps.push({
        at,
        run: () =>
          authorize(withClock(at), channel, {
            ...event('authorization', at),
            data,
          } as ChannelEventOf<'authorization'>),
      })
      const followAt = at + p.after!
      if (p.kind === 'pending' || followAt >= now) continue
      const follow: FollowUp =
        p.kind === 'reverse' ? 'reverse' : p.kind === 'expire' ? 'expire' : 'clear'
      // A partial clearing: the final bill below what was authorised (a hotel, a tip).
      const cleared = p.kind === 'partial' ? Math.round(side.cardAmount * 0.85) : side.cardAmount
      steps.push({
        at: followAt,
        run: () =>
          resolveAuthorisation(
            withClock(followAt),
            channel,
            { cardRef, txnRef, cardAmount: cleared },
            follow,
          ),
      })
      if (p.kind !== 'refund') continue
      const refundAt = followAt + p.after!
      if (refundAt >= now) continue
      // Half of it back: a returned item, a cancelled booking.
      const back = Math.max(1, Math.round(cleared / 2))
      steps.push({
        at: refundAt,
        run: () =>
          refund(withClock(refundAt), channel, {
            ...event('refund', refundAt),
            data: {
              ...data,
              txnRef: `${txnRef}-r`,
              originalTxnRef: txnRef,
              merchantAmount: Math.max(1, Math.round(p.amount / 2)),
              cardAmount: back,
            },
          } as ChannelEventOf<'refund'>),
      })
    }
    // The lifetime limit: set four days ago just above what the travel card had used, then a
    // purchase over it (under every other limit).
    const travel = merchantCards[TRAVEL]
    steps.push({
      at: now - 4 * DAY,
      run: async () => {
        const used = await usageOf(db, travel.id, new Date(now - 4 * DAY))
        await db
          .update(cards)
          .set({ limitLifetime: used.lifetime + 50_00 })
          .where(eq(cards.id, travel.id))
        await db
          .update(sandboxCards)
          .set({
            limits: sql`coalesce(${sandboxCards.limits}, '{}'::jsonb) || ${JSON.stringify({ limitLifetime: used.lifetime + 50_00 })}::jsonb`,
          })
          .where(eq(sandboxCards.cardRef, travel.channelCardRef!))
        return { outcome: 'accepted' }
      },
    })
    const lifetimeAt = now - 3 * DAY
    steps.push({
      at: lifetimeAt,
      run: () =>
        authorize(
          { ...deps, clock: clockAt(lifetimeAt) } as Deps,
          channelRows.get(travel.channelId)!,
          {
            id: `demo-lifetime-${merchantId}`,
            occurredAt: new Date(lifetimeAt).toISOString(),
            type: 'authorization',
            data: {
              cardRef: travel.channelCardRef!,
              txnRef: `demo-${merchantId}-lifetime`,
              merchantAmount: 60_00,
              merchantCurrency: travel.currency,
              cardAmount: 60_00,
              cardCurrency: travel.currency,
              exchangeRate: '1',
              merchantName: 'Grab',
              region: 'SG',
              description: 'Airport ride',
            },
          },
        ),
    })
    // In time order, as the channel would have sent them (limits depend on what came before).
    steps.sort((a, b) => a.at - b.at)
    for (const s of steps) await s.run()
  }
}

const clockAt = (t: number): Clock => ({ now: () => new Date(t) })

/** A top-up as the card operation posts it: a hold on the merchant balance, then posted. */
async function topUp(
  db: Db,
  clock: Clock,
  card: typeof cards.$inferSelect,
  merchantId: number,
  amount: number,
): Promise<EventAnswer> {
  const balance = await merchantBalance(db, merchantId, card.currency)
  if (!balance) return { outcome: 'ignored' }
  const account = await openCardAccount(db, card.id, card.currency)
  const ctx = { db, clock }
  const hold = await createHold(ctx, {
    requestId: `demo-top-up:${card.id}`,
    debitAccountId: balance.id,
    creditAccountId: account.id,
    amount,
    currency: card.currency,
    timeoutSeconds: 15 * 60,
  })
  await resolveHold(ctx, {
    holdId: hold.id,
    requestId: `demo-top-up:${card.id}:post`,
    action: 'post',
    kind: 'card_top_up',
  })
  await db
    .update(sandboxCards)
    .set({ balance: sql`${sandboxCards.balance} + ${amount}` })
    .where(and(eq(sandboxCards.cardRef, card.channelCardRef!)))
  return { outcome: 'accepted' }
}
