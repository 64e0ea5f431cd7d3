import { DECLINE_REASONS } from '../../../src/lib/codeLabels'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifyLedger } from '../../ledger/verify'
import { createTestApi, DEMO, type TestApi } from '../../testing/harness'
import { sessionFor } from '../../testing/sessions'
import { plan } from './demo'

/**
 * The seed's demo card transactions (docs/cards.md, "Demo data"): every merchant with demo cards
 * has about three months of them, through the webhook handlers, with declines of every reason a
 * demo card can meet, other currencies, partial clearings, reversals, expiries, refunds and a
 * few still pending; the ledger verifies afterwards.
 */
let api: TestApi
beforeAll(async () => {
  api = await createTestApi()
})
afterAll(async () => {
  await api.close()
})

const DAY = 86_400_000
const rows = async <T>(q: ReturnType<typeof sql>) =>
  ((await api.deps.db.execute(q)) as unknown as { rows: T[] }).rows

describe('demo card transactions', () => {
  it('each merchant has three months of them, with every decline reason and other currencies', async () => {
    const merchants = await rows<{ id: number; name: string }>(
      sql`select id, name from merchants order by id`,
    )
    expect(merchants).toHaveLength(3)
    const seedNow = api.clock.now().getTime()
    for (const m of merchants) {
      const [s] = await rows<{
        n: number
        purchases: number
        refunds: number
        fx: number
        partial: number
        cancelled: number
        pending: number
        first: Date
        last: Date
      }>(sql`
        select count(*)::int n,
          count(*) filter (where type = 'purchase')::int purchases,
          count(*) filter (where type = 'refund' and status = 'success')::int refunds,
          count(*) filter (where merchant_currency <> card_currency and exchange_rate <> '1')::int fx,
          count(*) filter (where status = 'success' and type = 'purchase' and cleared_amount < card_amount)::int partial,
          count(*) filter (where status = 'cancel')::int cancelled,
          count(*) filter (where status = 'pending')::int pending,
          min(occurred_at) first, max(occurred_at) last
        from card_transactions where merchant_id = ${m.id}`)
      expect(s.n, m.name).toBeGreaterThanOrEqual(30)
      expect(s.n, m.name).toBeLessThanOrEqual(200)
      expect(s.refunds, m.name).toBeGreaterThan(0)
      expect(s.fx, m.name).toBeGreaterThan(3)
      expect(s.partial, m.name).toBeGreaterThan(0)
      expect(s.cancelled, m.name).toBeGreaterThan(0)
      expect(s.pending, m.name).toBeGreaterThan(0)
      // About three months, all before the seed's clock.
      expect(seedNow - new Date(s.first).getTime()).toBeGreaterThan(80 * DAY)
      expect(seedNow - new Date(s.first).getTime()).toBeLessThan(92 * DAY)
      expect(new Date(s.last).getTime()).toBeLessThan(seedNow)

      const reasons = (
        await rows<{ r: string }>(
          sql`select distinct decline_reason r from card_transactions
              where merchant_id = ${m.id} and status = 'rejected'`,
        )
      ).map((r) => r.r)
      // Every reason but the shared-group pool's (no demo card draws on a group).
      expect(reasons.sort(), m.name).toEqual(
        DECLINE_REASONS.filter((r) => r !== 'groupPoolEmpty').sort(),
      )
      // Expiries and reversals are both there (both end as `cancel`): their holds were
      // released, not posted.
      const [released] = await rows<{ voided: number; expired: number }>(sql`
        select count(*) filter (where h.status = 'voided')::int voided,
               count(*) filter (where h.status = 'voided' and t.occurred_at < h.resolved_at - interval '6 days')::int expired
        from card_transactions t join ledger_holds h on h.id = t.hold_id
        where t.merchant_id = ${m.id} and t.status = 'cancel'`)
      expect(released.expired, m.name).toBeGreaterThan(0)
      expect(released.voided, m.name).toBeGreaterThan(released.expired)
    }
  })

  it("keeps every card's pending count and the ledger consistent", async () => {
    const mismatched = await rows<{ id: number }>(sql`
      select c.id from cards c
      where c.pending_transactions <> (select count(*) from card_transactions t
                                       where t.card_id = c.id and t.status = 'pending')`)
    expect(mismatched).toEqual([])
    // Every pending authorisation still holds its money; every cleared one posted an entry.
    const [bad] = await rows<{ n: number }>(sql`
      select count(*)::int n from card_transactions t left join ledger_holds h on h.id = t.hold_id
      where (t.status = 'pending' and (h.status is distinct from 'pending'))
         or (t.status = 'success' and t.type = 'purchase' and (h.status is distinct from 'posted' or t.entry_id is null))`)
    expect(bad.n).toBe(0)
    const report = await verifyLedger(api.deps.db)
    expect(report.mismatches).toEqual([])
    expect(report.ok).toBe(true)
  })

  it('shows in the list to the merchant user, its own merchant only', async () => {
    const token = await sessionFor(api, DEMO.merchant[0])
    const res = await api.call<{ total: number; list: { ownerName: string; result: string }[] }>(
      '/card-transactions/list',
      { pageNum: 1, pageSize: 100, filters: { status: 'rejected' } },
      { token },
    )
    expect(res.body.code).toBe(0)
    expect(res.body.data.total).toBeGreaterThanOrEqual(9)
    expect(new Set(res.body.data.list.map((r) => r.ownerName))).toEqual(
      new Set(['Skyline Air Tickets']),
    )
  })

  it('shows each limit used and remaining as the decision counts them (/card/limits)', async () => {
    const admin = await sessionFor(api, DEMO.admin[0])
    const merchant = await sessionFor(api, DEMO.merchant[0])
    const [travel] = await rows<{
      id: number
      limit_daily: number
      limit_monthly: number
      limit_lifetime: number
      limit_per_transaction: number
    }>(sql`select c.* from cards c join merchants m on m.id = c.merchant_id
           where m.name = 'Skyline Air Tickets' and c.alias = 'Travel — team'`)
    // Used, computed here from its definition: pending purchases hold their amount, cleared
    // ones what they cleared; reversed, expired, declined ones and refunds count nothing.
    const now = api.clock.now()
    const dayStart = new Date(now.toISOString().slice(0, 10) + 'T00:00:00Z')
    const monthStart = new Date(now.toISOString().slice(0, 7) + '-01T00:00:00Z')
    const [expected] = await rows<{ day: number; month: number; lifetime: number }>(sql`
      select coalesce(sum(v) filter (where occurred_at >= ${dayStart.toISOString()}::timestamptz), 0)::int as day,
             coalesce(sum(v) filter (where occurred_at >= ${monthStart.toISOString()}::timestamptz), 0)::int as month,
             coalesce(sum(v), 0)::int as lifetime
      from (select occurred_at, case status when 'pending' then card_amount else cleared_amount end v
            from card_transactions
            where card_id = ${travel.id} and type = 'purchase' and status in ('pending', 'success')) x`)
    type Line = { limit: number | null; used: number | null; remaining: number | null }
    type Limits = Record<'perTransaction' | 'daily' | 'monthly' | 'lifetime', Line>
    const read = async () =>
      (await api.call<Limits>('/card/limits', { id: travel.id }, { token: merchant })).body.data
    const limits = await read()
    expect(limits.perTransaction).toEqual({
      limit: Number(travel.limit_per_transaction),
      used: null,
      remaining: Number(travel.limit_per_transaction),
    })
    expect(limits.lifetime.used).toBe(expected.lifetime)
    expect(limits.lifetime.used).toBeGreaterThan(0)
    expect(limits.monthly.used).toBe(expected.month)
    expect(limits.daily.used).toBe(expected.day)
    expect(limits.lifetime.remaining).toBe(Number(travel.limit_lifetime) - expected.lifetime)
    expect(limits.monthly.remaining).toBe(Number(travel.limit_monthly) - expected.month)
    const remaining = limits.lifetime.remaining!
    expect(remaining).toBeGreaterThan(1)
    expect(remaining).toBeLessThan(Number(travel.limit_per_transaction))

    // The decision agrees: one cent over what remains is declined, exactly what remains passes.
    const auth = (amount: number) =>
      api.call<{ outcome: string; reason?: string }>(
        '/cards/simulate/authorization',
        { cardId: travel.id, amount, currency: 'USD', merchantName: 'Limit check', region: 'SG' },
        { token: merchant },
      )
    expect((await auth(remaining + 1)).body.data).toMatchObject({
      outcome: 'declined',
      reason: 'overLimitLifetime',
    })
    expect((await auth(remaining)).body.data).toMatchObject({ outcome: 'approved' })
    const after = await read()
    expect(after.lifetime).toMatchObject({ used: expected.lifetime + remaining, remaining: 0 })
    expect(after.daily.used).toBe(expected.day + remaining)

    // No limit: used still shown, remaining null; another merchant's card is not found.
    const [ads] = await rows<{ id: number }>(sql`select c.id from cards c join merchants m on
      m.id = c.merchant_id where m.name = 'Blue Harbor Hotels' and c.alias = 'Ads — Meta'`)
    const other = await api.call('/card/limits', { id: ads.id }, { token: merchant })
    expect(other.status).toBe(404)
    const adsLimits = (await api.call<Limits>('/card/limits', { id: ads.id }, { token: admin }))
      .body.data
    expect(adsLimits.lifetime.limit).toBeNull()
    expect(adsLimits.lifetime.remaining).toBeNull()
    expect(adsLimits.lifetime.used).toBeGreaterThan(0)
  })

  it('is planned deterministically from the seed clock', () => {
    const now = Date.parse('2026-01-15T08:00:00Z')
    expect(plan(1, now)).toEqual(plan(1, now))
    expect(plan(0, now)).not.toEqual(plan(1, now))
  })
})
