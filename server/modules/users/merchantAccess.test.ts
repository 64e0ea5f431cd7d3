import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DashboardSummary } from '../../../src/resources/dashboard'
import {
  auditLog,
  cardGroupRules,
  cardGroupRuleVisibility,
  cardGroups,
  merchants,
  userMerchants,
  users,
} from '../../db/schema'
import { makeCard, type CardFixture } from '../../testing/cardFixtures'
import { createTestApi, type TestApi } from '../../testing/harness'
import { sessionFor } from '../../testing/sessions'
import { addUser } from '../auth/testing'

/**
 * Issue 20: an administrator whose merchant access is a list (Skyline only) of a company with two
 * merchants (Skyline, Lotus) sees Skyline's card transactions, cards, cardholders, groups,
 * rules, audit rows and dashboard figures, and is refused Lotus's like missing ones. Every module
 * scopes through server/auth/scope.ts; an administrator of the same company with all-merchant
 * access sees both (so the data is there).
 */
let api: TestApi
let limited: string
let wide: string
const ids = {} as Record<'skyline' | 'lotus' | 'company', number>
type Side = 'skyline' | 'lotus'
const card = {} as Record<Side, CardFixture>
const txn = {} as Record<Side, number>
const group = {} as Record<Side, number>
const rule = {} as Record<Side, number>
const audit = {} as Record<Side, number>
let lotusOnlyRule = 0
let companyRule = 0
let lotusUser = ''
let restrictedId = 0
let from = ''
let to = ''

type Row = Record<string, any>
/** After everything the calls wrote (at the test clock's time): first in lists newest first. */
const later = () => new Date(api.deps.clock.now().getTime() + 60_000)
const call = (path: string, body: unknown, token: string) => api.call<any>(path, body, { token })

async function listOf(path: string, token: string, body: Row = {}): Promise<Row[]> {
  const res = await call(`${path}/list`, { pageNum: 1, pageSize: 200, ...body }, token)
  expect(res.status).toBe(200)
  return res.body.data.list
}

async function exported(path: string, token: string): Promise<string> {
  const res = await api.fetch(`${path}/export`, { format: 'csv' }, { token })
  expect(res.status).toBe(200)
  return res.text()
}

beforeAll(async () => {
  api = await createTestApi()
  const admin = await sessionFor(api, 'admin')
  const rows = await api.deps.db.select().from(merchants)
  const skyline = rows.find((m) => m.name === 'Skyline Air Tickets')!
  const lotus = rows.find((m) => m.name === 'Lotus Car Rental')!
  expect(lotus.companyId).toBe(skyline.companyId)
  Object.assign(ids, { skyline: skyline.id, lotus: lotus.id, company: skyline.companyId })

  const restricted = await addUser(api, { companyId: ids.company, allMerchants: false })
  await api.deps.db.insert(userMerchants).values({ userId: restricted.id, merchantId: ids.skyline })
  restrictedId = restricted.id
  limited = await sessionFor(api, restricted.loginName)
  wide = await sessionFor(api, (await addUser(api, { companyId: ids.company })).loginName)
  lotusUser = (await addUser(api, { companyId: ids.company, merchantId: ids.lotus })).loginName

  const today = api.deps.clock.now()
  to = today.toISOString().slice(0, 10)
  from = new Date(today.getTime() - 86_400_000).toISOString().slice(0, 10)

  for (const side of ['skyline', 'lotus'] as const) {
    card[side] = await makeCard(api.deps, { balance: 50_000, merchantId: ids[side] })
    const auth = await call(
      '/cards/simulate/authorization',
      {
        cardId: card[side].id,
        amount: side === 'skyline' ? 1_111 : 2_222,
        currency: 'USD',
        merchantName: `Acceptor ${side}`,
        region: 'SG',
      },
      admin,
    )
    expect(auth.body.data.outcome).toBe('approved')
    txn[side] = auth.body.data.transactionId
    const cleared = await call('/cards/simulate/clearing', { transactionId: txn[side] }, admin)
    expect(cleared.body.code).toBe(0)

    const [r] = await api.deps.db
      .insert(cardGroupRules)
      .values({
        name: `Rule ${side}`,
        merchantId: ids[side],
        floatingRatioBps: 0,
        warningThresholdBps: 2_000,
        maxCards: 5,
      })
      .returning()
    rule[side] = r.id
    // No pool money: below its warning threshold, so the dashboard lists it.
    const [g] = await api.deps.db
      .insert(cardGroups)
      .values({
        merchantId: ids[side],
        companyId: ids.company,
        ruleId: r.id,
        name: `Group ${side}`,
        currency: 'SGD',
        deposit: 100_00,
        requestId: `access-${side}`,
      })
      .returning()
    group[side] = g.id
    // Done by a company-level administrator to the merchant's card.
    const [a] = await api.deps.db
      .insert(auditLog)
      .values({
        at: later(),
        action: 'card.freeze',
        target: `card:${card[side].id}`,
        loginName: `auditor of ${side}`,
        actorCompanyId: ids.company,
        objectCompanyId: ids.company,
        objectMerchantId: ids[side],
      })
      .returning()
    audit[side] = a.id
  }
  const platformRule = async (name: string, visibility: Row) => {
    const [r] = await api.deps.db
      .insert(cardGroupRules)
      .values({ name, floatingRatioBps: 0, warningThresholdBps: 0, maxCards: 5 })
      .returning()
    await api.deps.db.insert(cardGroupRuleVisibility).values({ ruleId: r.id, ...visibility })
    return r.id
  }
  lotusOnlyRule = await platformRule('Platform rule for Lotus', { merchantId: ids.lotus })
  companyRule = await platformRule('Platform rule for the company', { companyId: ids.company })
  // The Lotus merchant user's activity, for the dashboard.
  const [u] = await api.deps.db.select().from(users).where(eq(users.loginName, lotusUser))
  await api.deps.db
    .insert(auditLog)
    .values({ at: later(), userId: u.id, loginName: lotusUser, action: 'cardholder.create' })
}, 240_000)
afterAll(() => api.close())

describe('card transactions', () => {
  it('lists and exports the listed merchant’s only, and refuses another’s detail', async () => {
    const seen = (await listOf('/card-transactions', limited)).map((r) => r.id)
    expect(seen).toContain(txn.skyline)
    expect(seen).not.toContain(txn.lotus)
    expect((await listOf('/card-transactions', wide)).map((r) => r.id)).toContain(txn.lotus)

    const csv = await exported('/card-transactions', limited)
    expect(csv).toContain('Acceptor skyline')
    expect(csv).not.toContain('Acceptor lotus')

    expect((await call('/card-transactions/detail', { id: txn.skyline }, limited)).status).toBe(200)
    const refused = await call('/card-transactions/detail', { id: txn.lotus }, limited)
    expect(refused.status).toBe(404)
    expect(refused.body.code).toBe(3070)
  })
})

describe('card groups and rules', () => {
  it('lists and exports the listed merchant’s groups only, and refuses another’s', async () => {
    const seen = (await listOf('/card-group', limited)).map((r) => r.id)
    expect(seen).toContain(group.skyline)
    expect(seen).not.toContain(group.lotus)
    expect((await listOf('/card-group', wide)).map((r) => r.id)).toContain(group.lotus)
    const csv = await exported('/card-group', limited)
    expect(csv).toContain('Group skyline')
    expect(csv).not.toContain('Group lotus')
    expect((await call('/card-group/detail', { id: group.skyline }, limited)).status).toBe(200)
    expect((await call('/card-group/detail', { id: group.lotus }, limited)).status).toBe(404)
  })

  it('lists the listed merchant’s rules and the company’s platform rules, not another’s', async () => {
    const seen = (await listOf('/card-rule', limited)).map((r) => r.id)
    expect(seen).toEqual(expect.arrayContaining([rule.skyline, companyRule]))
    expect(seen).not.toContain(rule.lotus)
    expect(seen).not.toContain(lotusOnlyRule)
    expect((await listOf('/card-rule', wide)).map((r) => r.id)).toEqual(
      expect.arrayContaining([rule.lotus, lotusOnlyRule]),
    )
    const csv = await exported('/card-rule', limited)
    expect(csv).toContain('Rule skyline')
    expect(csv).not.toContain('Rule lotus')
    expect((await call('/card-rule/detail', { id: rule.lotus }, limited)).status).toBe(404)
  })
})

describe('cards and cardholders', () => {
  it('lists and exports the listed merchant’s only, and refuses another’s detail', async () => {
    const cards = (await listOf('/card', limited)).map((r) => r.merchantId)
    expect(new Set(cards)).toEqual(new Set([ids.skyline]))
    expect((await call('/card/detail', { id: card.lotus.id }, limited)).status).toBe(404)
    const holders = (await listOf('/cardholder', limited)).map((r) => r.merchantId)
    expect(new Set(holders)).toEqual(new Set([ids.skyline]))
    expect(new Set((await listOf('/cardholder', wide)).map((r) => r.merchantId))).toEqual(
      new Set([ids.skyline, ids.lotus]),
    )
  })
})

describe('balances and transfers', () => {
  it('lists the listed merchant’s balances only, and refuses a transfer to another’s', async () => {
    const owners = async (token: string) =>
      (await listOf('/accounts/balance', token)).map((r) => r.ownerId as number)
    expect(new Set(await owners(limited))).toEqual(new Set([ids.skyline]))
    const all = await listOf('/accounts/balance', wide)
    const own = all.find((r) => r.ownerId === ids.skyline)!
    const theirs = all.find((r) => r.ownerId === ids.lotus && r.currency === own.currency)!
    const transfer = (to: number) =>
      call(
        '/accounts/transfer',
        {
          fromAccountId: own.accountId,
          toAccountId: to,
          amount: 1,
          currency: own.currency,
          requestId: `access-transfer-${to}`,
        },
        limited,
      )
    const refused = await transfer(theirs.accountId)
    expect(refused.body.code).toBe(2036)
    const balances = await call('/accounts/transfer/balances', {}, limited)
    const reachable = (balances.body.data as Row[]).map((b) => b.accountId)
    expect(reachable).toContain(own.accountId)
    expect(reachable).not.toContain(theirs.accountId)
  })
})

describe('audit log', () => {
  it('shows rows about the listed merchant only, whoever did them', async () => {
    const seen = (await listOf('/audit', limited)).map((r) => r.id)
    expect(seen).toContain(audit.skyline)
    expect(seen).not.toContain(audit.lotus)
    expect((await listOf('/audit', wide)).map((r) => r.id)).toContain(audit.lotus)
    const csv = await exported('/audit', limited)
    expect(csv).toContain('auditor of skyline')
    expect(csv).not.toContain('auditor of lotus')
    expect((await call('/audit/detail', { id: audit.lotus }, limited)).status).toBe(404)
  })

  it('answers the administrator’s own merchants to “why can this user do this?”', async () => {
    const res = await call('/audit/userRights', { userId: restrictedId }, wide)
    expect(res.body.data).toMatchObject({
      reach: 'company',
      allMerchants: false,
      merchants: [{ id: ids.skyline, name: 'Skyline Air Tickets' }],
    })
  })
})

describe('e-mail template records', () => {
  it('offers the users of the listed merchant only', async () => {
    const offered = async (token: string) => {
      const body = { event: 'password-reset', keyword: lotusUser }
      const res = await call('/email-template/records', body, token)
      return (res.body.data as { label: string }[]).map((r) => r.label.split(' ')[0])
    }
    expect(await offered(wide)).toEqual([lotusUser])
    expect(await offered(limited)).toEqual([])
  })
})

describe('dashboard', () => {
  const summary = async (token: string) => {
    const res = await call('/dashboard/summary', { currency: 'USD', from, to }, token)
    expect(res.body.code).toBe(0)
    return res.body.data as DashboardSummary
  }

  it('sums the listed merchant’s figures only', async () => {
    const mine = await summary(limited)
    const all = await summary(wide)
    const spent = (s: DashboardSummary) => s.spend!.days.reduce((n, d) => n + d.amount, 0)
    expect(spent(all) - spent(mine)).toBe(2_222)
    expect(all.cards!.total - mine.cards!.total).toBeGreaterThanOrEqual(1)
    const groups = (s: DashboardSummary) => s.groups!.map((g) => g.id)
    expect(groups(mine)).toContain(group.skyline)
    expect(groups(mine)).not.toContain(group.lotus)
    expect(groups(all)).toContain(group.lotus)
    const who = (s: DashboardSummary) => s.activities.map((a) => a.loginName)
    expect(who(all)).toContain(lotusUser)
    expect(who(mine)).not.toContain(lotusUser)
  })
})
