import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { channelAccounts, companies, ledgerAccounts, ledgerEntries } from '../../db/schema'
import { postedBalance } from '../../ledger/postings'
import { verifyLedger } from '../../ledger/verify'
import { createTestApi, type TestApi } from '../../testing/harness'
import { sessionFor } from '../../testing/sessions'
import { remarkCode } from '../../../src/lib/remarks'

let api: TestApi
const tokens: Record<string, string> = {}
let seq = 0
const rid = () => `chan-${++seq}`
const call = (path: string, body: unknown, user = 'admin', lang?: string) =>
  api.call(`/accounts/channel${path}`, body, { token: tokens[user], lang })

type Row = {
  channelId: number
  id: number
  currency: string
  channelName: string
  balance: number
  ledgerAccountId: number
  companyIds: number[]
}
let rows: Row[]
const byName = (channel: string, currency: string) =>
  rows.find((r) => r.channelName === channel && r.currency === currency)!
async function list(user = 'admin'): Promise<Row[]> {
  return (await call('/list', { pageSize: 100 }, user)).body.data.list
}
async function entryCount() {
  const [{ n }] = await api.deps.db.select({ n: sql<number>`count(*)::int` }).from(ledgerEntries)
  return Number(n)
}

beforeAll(async () => {
  api = await createTestApi()
  for (const u of ['admin', 'auditor', 'company.admin', 'merchant.user']) {
    tokens[u] = await sessionFor(api, u)
  }
  rows = await list()
})
afterAll(() => api.close())

describe('demo channel accounts', () => {
  it('are funded in USD and SGD, with bank details, visible to the demo companies', async () => {
    const usd = byName('Sandbox issuer', 'USD')
    expect(usd).toMatchObject({
      bankName: 'Sandbox Bank N.A.',
      swift: 'SBXXSGSG',
      balance: 500_000_00,
    })
    expect(byName('Sandbox issuer', 'SGD').balance).toBe(250_000_00)
    const all = (await api.deps.db.select({ id: companies.id }).from(companies)).map((c) => c.id)
    expect(usd.companyIds).toEqual(all.sort((a, b) => a - b))
    expect(await list('company.admin')).toHaveLength(rows.length)
  })
})

describe('visibility', () => {
  it('decides which companies see an account; only with the button; unknown companies refused', async () => {
    const sgd = byName('Sandbox issuer', 'SGD')
    const res = await call('/visibility', { id: sgd.id, companyIds: [] })
    expect(res.body.data.companyIds).toEqual([])
    const seen = await list('company.admin')
    expect(seen.map((r) => r.id)).not.toContain(sgd.id)
    expect((await call('/detail', { id: sgd.id }, 'company.admin')).status).toBe(404)
    expect(
      (await call('/visibility', { id: sgd.id, companyIds: [1] }, 'company.admin')).status,
    ).toBe(403)
    const bad = await call('/visibility', { id: sgd.id, companyIds: [999_999] }, 'admin', 'zh_CN')
    expect(bad.body).toMatchObject({ code: 2044, msg: '公司不存在' })
    const [parent] = await api.deps.db
      .select()
      .from(companies)
      .where(eq(companies.name, 'Northwind Payments Ltd'))
    await call('/visibility', { id: sgd.id, companyIds: [parent.id, parent.id] })
    expect((await list('company.admin')).map((r) => r.id)).toContain(sgd.id)
    expect((await call('/detail', { id: sgd.id })).body.data.companyIds).toEqual([parent.id])
  })
})

describe('internal transfer', () => {
  it('moves money between two channel accounts of one currency, once per requestId', async () => {
    const from = byName('Sandbox issuer', 'USD')
    const to = byName('Second sandbox issuer', 'USD')
    const body = {
      fromChannelAccountId: from.id,
      toChannelAccountId: to.id,
      amount: 12_345_00,
      requestId: rid(),
    }
    const res = await call('/transfer', body)
    expect(res.body.data).toMatchObject({
      fromBalanceAfter: from.balance - 12_345_00,
      toBalanceAfter: to.balance + 12_345_00,
      remark: remarkCode('channelTransfer'),
    })
    const [entry] = await api.deps.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.id, res.body.data.entryId))
    expect(entry.kind).toBe('channel_transfer')
    expect(entry.actorUserId).not.toBeNull()
    const count = await entryCount()
    expect((await call('/transfer', body)).body).toEqual(res.body)
    expect(await entryCount()).toBe(count)
    const after = await list()
    expect(after.find((r) => r.id === from.id)!.balance).toBe(from.balance - 12_345_00)
    expect((await verifyLedger(api.deps.db)).ok).toBe(true)
  })

  it('refuses other currencies, too much, the same account and callers without the button', async () => {
    const usd = byName('Sandbox issuer', 'USD')
    const sgd = byName('Sandbox issuer', 'SGD')
    const b = byName('Second sandbox issuer', 'USD')
    const count = await entryCount()
    expect(
      (
        await call('/transfer', {
          fromChannelAccountId: usd.id,
          toChannelAccountId: sgd.id,
          amount: 1,
          requestId: rid(),
        })
      ).body.code,
    ).toBe(2004)
    expect(
      (
        await call('/transfer', {
          fromChannelAccountId: usd.id,
          toChannelAccountId: usd.id,
          amount: 1,
          requestId: rid(),
        })
      ).body.code,
    ).toBe(2005)
    const [ledger] = await api.deps.db
      .select()
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.id, b.ledgerAccountId))
    const over = await call('/transfer', {
      fromChannelAccountId: b.id,
      toChannelAccountId: usd.id,
      amount: postedBalance(ledger) + 1,
      requestId: rid(),
    })
    expect(over.body).toMatchObject({ code: 2001, msg: 'Insufficient account balance' })
    expect(
      (
        await call('/transfer', {
          fromChannelAccountId: 999_999,
          toChannelAccountId: usd.id,
          amount: 1,
          requestId: rid(),
        })
      ).status,
    ).toBe(404)
    for (const user of ['company.admin', 'auditor']) {
      expect(
        (
          await call(
            '/transfer',
            { fromChannelAccountId: usd.id, toChannelAccountId: b.id, amount: 1, requestId: rid() },
            user,
          )
        ).status,
      ).toBe(403)
    }
    expect(await entryCount()).toBe(count)
  })
})

describe('save and delete', () => {
  const details = { bankName: 'Test bank', accountName: 'VCC', accountNumber: '42' }

  it('opens the ledger account with the details; channel and currency stay fixed; duplicates refused', async () => {
    const created = await call('/save', {
      channelId: byName('Sandbox issuer', 'USD').channelId,
      currency: 'thb',
      ...details,
    })
    expect(created.body.data).toMatchObject({ currency: 'THB', balance: 0 })
    expect(created.body.data.ledgerAccountId).toBeGreaterThan(0)
    const dup = await call('/save', {
      channelId: created.body.data.channelId,
      currency: 'THB',
      ...details,
    })
    expect(dup.body).toMatchObject({ code: 2040 })
    expect(dup.body.data.fieldErrors[0].field).toBe('currency')
    const moved = await call('/save', {
      id: created.body.data.id,
      channelId: created.body.data.channelId,
      currency: 'EUR',
      ...details,
    })
    expect(moved.body.code).toBe(2041)
    const badChannel = await call('/save', { channelId: 999_999, currency: 'JPY', ...details })
    expect(badChannel.status).toBe(400)
    expect((await call('/delete', { ids: [created.body.data.id] })).body.data.deleted).toBe(1)
  })

  it('refuses to delete an account that holds money', async () => {
    const usd = byName('Sandbox issuer', 'USD')
    const res = await call('/delete', { ids: [usd.id] })
    expect(res.body.code).toBe(2042)
    const [still] = await api.deps.db
      .select()
      .from(channelAccounts)
      .where(eq(channelAccounts.id, usd.id))
    expect(still).toBeDefined()
  })
})
