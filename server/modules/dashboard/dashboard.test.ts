import { and, desc, eq, isNotNull, ne, notLike } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DashboardSummary } from '../../../src/resources/dashboard'
import { auditLog, fxRates, merchants, users } from '../../db/schema'
import { deliverDueCreations } from '../../channels/sandbox'
import { makeCard } from '../../testing/cardFixtures'
import { createTestApi, DEMO, type TestApi } from '../../testing/harness'
import { sessionFor } from '../../testing/sessions'
import { atMidRate, RECENT_ACTIVITIES } from './service'

/**
 * Every figure of the dashboard equals what the list it summarises shows for the same filter,
 * for each kind of user; the activities stay in reach; bad ranges are refused.
 */
let api: TestApi
const tokens: Record<string, string> = {}
const USERS = {
  admin: DEMO.admin[0],
  company: DEMO.company[0],
  merchant: DEMO.merchant[0],
  auditor: DEMO.auditor[0],
}
type Who = keyof typeof USERS

let from = ''
let to = ''

beforeAll(async () => {
  api = await createTestApi()
  for (const [who, login] of Object.entries(USERS)) tokens[who] = await sessionFor(api, login)
  const today = api.deps.clock.now()
  to = today.toISOString().slice(0, 10)
  from = new Date(today.getTime() - 120 * 86_400_000).toISOString().slice(0, 10)
  // A cleared purchase today, so spend has a figure whatever the demo data holds.
  const [skyline] = await api.deps.db
    .select()
    .from(merchants)
    .where(eq(merchants.name, 'Skyline Air Tickets'))
  const card = await makeCard(api.deps, { balance: 20_000, merchantId: skyline.id })
  const auth = await api.call<{ transactionId: number }>(
    '/cards/simulate/authorization',
    { cardId: card.id, amount: 4_321, currency: 'USD', merchantName: 'Books', region: 'SG' },
    { token: tokens.merchant },
  )
  expect(auth.body.code).toBe(0)
  const cleared = await api.call(
    '/cards/simulate/clearing',
    { transactionId: auth.body.data.transactionId, amount: 4_000 },
    { token: tokens.merchant },
  )
  expect(cleared.body.code).toBe(0)
  await groupBelowItsThreshold()
})

/**
 * A shared card group whose pool falls below its warning threshold: 20 % of SGD 100.00, with
 * SGD 90.00 spent by its one card.
 */
async function groupBelowItsThreshold() {
  const as = (path: string, body: Record<string, unknown>, who: Who = 'merchant') =>
    api.call<Record<string, unknown>>(path, body, { token: tokens[who] })
  await as(
    '/channels/parameters/save',
    {
      channelCode: 'sandbox',
      operation: 'creationResult',
      latencyMs: 0,
      failurePercent: 0,
      failureKind: 'failed',
    },
    'admin',
  )
  const [skyline] = await api.deps.db
    .select()
    .from(merchants)
    .where(eq(merchants.name, 'Skyline Air Tickets'))
  const options = await as('/card/create/options', { merchantId: skyline.id })
  const data = options.body.data as {
    bins: { id: number; bin: string }[]
    cardholders: { id: number; isDefault: boolean }[]
  }
  const rule = await as('/card-rule/save', {
    name: 'Dashboard rule',
    floatingRatio: 0,
    warningThreshold: 20,
    maxCards: 2,
    merchantId: skyline.id,
  })
  expect(rule.body.code).toBe(0)
  const group = await as('/card-group/create', {
    merchantId: skyline.id,
    ruleId: (rule.body.data as { id: number }).id,
    name: 'Nearly spent',
    currency: 'SGD',
    deposit: 100_00,
    requestId: 'dashboard-group',
  })
  expect(group.body.code).toBe(0)
  const groupId = (group.body.data as { id: number }).id
  const added = await as('/card-group/cards/add', {
    groupId,
    cardBinId: data.bins.find((b) => b.bin === '41118800')!.id,
    cardholderId: data.cardholders.find((h) => h.isDefault)!.id,
    alias: 'Team',
    usageType: 'advertising',
    validityDays: 365,
    quantity: 1,
    cardLimit: 100_00,
    requestId: 'dashboard-group-card',
  })
  expect(added.body.code).toBe(0)
  await deliverDueCreations(api.deps)
  const members = await as('/card-group/cards', { id: groupId })
  const cardId = (members.body.data as unknown as { cardId: number }[])[0].cardId
  const auth = await as('/cards/simulate/authorization', {
    cardId,
    amount: 90_00,
    currency: 'SGD',
    merchantName: 'Changi Travel',
    region: 'SG',
  })
  expect((auth.body.data as { outcome: string }).outcome).toBe('approved')
}
afterAll(() => api.close())

async function summary(who: Who, currency = 'USD') {
  const res = await api.call<DashboardSummary>(
    '/dashboard/summary',
    { currency, from, to },
    { token: tokens[who] },
  )
  expect(res.status).toBe(200)
  expect(res.body.code).toBe(0)
  return res.body.data
}

/** Every row of a list for a filter, page by page. */
async function allRows(who: Who, api_: string, filters: Record<string, unknown>) {
  const rows: Record<string, unknown>[] = []
  for (let page = 1; ; page++) {
    const res = await api.call<{ list: Record<string, unknown>[]; total: number }>(
      `${api_}/list`,
      { pageNum: page, pageSize: 200, filters },
      { token: tokens[who] },
    )
    expect(res.body.code).toBe(0)
    rows.push(...res.body.data.list)
    if (rows.length >= res.body.data.total) return { rows, total: res.body.data.total }
  }
}

describe.each(Object.keys(USERS) as Who[])('the dashboard of %s', (who) => {
  it('estimates the balances from the balance list’s totals per currency', async () => {
    const s = await summary(who)
    const totals = await api.call<{ currency: string; available: number }[]>(
      '/accounts/balance/currencyList',
      {},
      { token: tokens[who] },
    )
    expect(s.balance!.lines.map((l) => [l.currency, l.available])).toEqual(
      totals.body.data.map((t) => [t.currency, t.available]),
    )
    // The total is the sum of the converted lines, each at the FX table's rate.
    const rates = await api.deps.db.select().from(fxRates)
    let total = 0
    for (const line of s.balance!.lines) {
      if (line.currency === 'USD') {
        expect(line.converted).toBe(line.available)
      } else if (line.converted !== null) {
        const direct = rates.find(
          (r) => r.baseCurrency === line.currency && r.quoteCurrency === 'USD',
        )
        const inverse = rates.find(
          (r) => r.baseCurrency === 'USD' && r.quoteCurrency === line.currency,
        )
        const rate = (direct ?? inverse)!.rate
        expect(line.converted).toBe(atMidRate(line.available, line.currency, 'USD', rate, !direct))
      }
      total += line.converted ?? 0
    }
    expect(s.balance!.total).toBe(total)
  })

  it('counts the cards the card list shows for the same creation dates, per status', async () => {
    const s = await summary(who)
    const all = await allRows(who, '/card', { createdAt: { from, to } })
    expect(s.cards!.total).toBe(all.total)
    expect(s.cards!.days.reduce((n, d) => n + d.created, 0)).toBe(all.total)
    for (const { status, count } of s.cards!.byStatus) {
      const listed = await allRows(who, '/card', { createdAt: { from, to }, status })
      expect(count, status).toBe(listed.total)
    }
    const perDay = new Map<string, number>()
    for (const r of all.rows) {
      const day = String(r.createdAt).slice(0, 10)
      perDay.set(day, (perDay.get(day) ?? 0) + 1)
    }
    expect(new Map(s.cards!.days.map((d) => [d.day, d.created]))).toEqual(perDay)
  })

  it('sums the cleared purchases the transaction list shows, per day and currency', async () => {
    const s = await summary(who)
    const currencies = [...new Set(s.spend!.days.map((d) => d.currency))]
    if (who !== 'company' || currencies.length) expect(currencies.length).toBeGreaterThan(0)
    for (const currency of currencies) {
      const listed = await allRows(who, '/card-transactions', {
        type: 'purchase',
        status: 'success',
        occurredAt: { from, to },
        currency,
      })
      const perDay = new Map<string, number>()
      for (const r of listed.rows) {
        const day = String(r.occurredAt).slice(0, 10)
        perDay.set(day, (perDay.get(day) ?? 0) + Number(r.clearedAmount))
      }
      const dashboard = s.spend!.days.filter((d) => d.currency === currency)
      expect(new Map(dashboard.map((d) => [d.day, d.amount]))).toEqual(perDay)
      expect(dashboard.reduce((n, d) => n + d.count, 0)).toBe(listed.total)
    }
  })
})

describe('groups below their warning threshold', () => {
  it.each(Object.keys(USERS) as Who[])('are the ones the group list flags, for %s', async (who) => {
    const s = await summary(who)
    const listed = await allRows(who, '/card-group', {})
    const flagged = listed.rows.filter((r) => r.belowThreshold).map((r) => r.id)
    expect(s.groups!.map((g) => g.id)).toEqual(flagged.sort((a, b) => Number(a) - Number(b)))
    if (who !== 'company' || flagged.length) expect(flagged.length).toBeGreaterThan(0)
    for (const g of s.groups!) expect(g.available).toBeLessThan(g.threshold)
  })
})

describe('recent activities', () => {
  it('are the latest audit entries, and a merchant user sees only its merchant’s users', async () => {
    const [me] = await api.deps.db.select().from(users).where(eq(users.loginName, USERS.merchant))
    // Looking at pages is not an activity, however recent.
    await api.deps.db.insert(auditLog).values({
      at: api.deps.clock.now(),
      userId: me.id,
      loginName: me.loginName,
      action: 'menu.recordRecent',
      target: '1000',
    })
    const s = await summary('merchant')
    expect(s.activities.map((a) => a.action)).not.toContain('menu.recordRecent')
    expect(s.activities.length).toBeGreaterThan(0)
    expect(s.activities.length).toBeLessThanOrEqual(RECENT_ACTIVITIES)
    const ats = s.activities.map((a) => a.at)
    expect([...ats].sort().reverse()).toEqual(ats)
    const staff = await api.deps.db.select().from(users).where(eq(users.merchantId, me.merchantId!))
    const names = new Set(staff.map((u) => u.loginName))
    for (const a of s.activities) expect(names.has(a.loginName), a.loginName).toBe(true)
  })

  it('of the platform start with the newest entry of any user', async () => {
    const s = await summary('admin')
    const [newest] = await api.deps.db
      .select()
      .from(auditLog)
      .where(
        and(
          isNotNull(auditLog.userId),
          notLike(auditLog.action, 'menu.%'),
          notLike(auditLog.action, 'column.%'),
          ne(auditLog.action, 'fx.quote'),
        ),
      )
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(1)
    expect(s.activities[0].id).toBe(newest.id)
    expect(s.activities.length).toBe(RECENT_ACTIVITIES)
  })
})

describe('bad requests change nothing and say why', () => {
  it.each([
    [{ currency: 'USD', from: '2026-05-02', to: '2026-05-01' }, 'to', 'The end of the range'],
    [{ currency: 'USD', from: '2024-01-01', to: '2026-01-01' }, 'to', 'longer than a year'],
    [{ currency: 'XYZ', from: '2026-05-01', to: '2026-05-02' }, 'currency', 'Format'],
    [{ currency: 'USD', from: 'yesterday', to: '2026-05-02' }, 'from', ''],
  ])('%j is refused on %s', async (body, field, text) => {
    const res = await api.call<{ fieldErrors: { field: string; message: string }[] }>(
      '/dashboard/summary',
      body,
      { token: tokens.admin },
    )
    expect(res.status).toBe(400)
    expect(res.body.code).toBe(400)
    const error = res.body.data.fieldErrors.find((e) => e.field === field)
    expect(error?.message).toContain(text)
  })

  it('an anonymous caller is refused', async () => {
    const res = await api.call('/dashboard/summary', { currency: 'USD', from, to })
    expect(res.body.code).toBe(401)
  })
})
