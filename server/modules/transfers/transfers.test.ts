import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fxQuotes, fxRates, ledgerAccounts, ledgerEntries, merchants, users } from '../../db/schema'
import { openAccount } from '../../ledger/accounts'
import { postedBalance } from '../../ledger/postings'
import { verifyLedger } from '../../ledger/verify'
import { createTestApi, type TestApi } from '../../testing/harness'
import { sessionFor } from '../../testing/sessions'
import { remarkCode } from '../../../src/lib/remarks'

let api: TestApi
const tokens: Record<string, string> = {}
/** Balances by merchant name and currency. */
const acc: Record<string, number> = {}
let seq = 0
const rid = () => `xfer-${++seq}`

const call = (path: string, body: unknown, user = 'admin', lang?: string) =>
  api.call(path, body, { token: tokens[user], lang })
const transfer = (body: Record<string, unknown>, user = 'admin', lang?: string) =>
  call('/accounts/transfer', { requestId: rid(), ...body }, user, lang)
const quote = (body: Record<string, unknown>, user = 'admin') =>
  call('/accounts/fx/quote', body, user)

async function balance(id: number) {
  const [row] = await api.deps.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, id))
  return postedBalance(row)
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
  const rows = await api.deps.db
    .select({ id: ledgerAccounts.id, currency: ledgerAccounts.currency, name: merchants.name })
    .from(ledgerAccounts)
    .innerJoin(merchants, eq(merchants.id, ledgerAccounts.ownerId))
    .where(eq(ledgerAccounts.type, 'merchant_balance'))
  for (const r of rows) acc[`${r.name.split(' ')[0]}:${r.currency}`] = r.id
})
afterAll(() => api.close())

describe('who may transfer what', () => {
  it('lets a merchant user list and use only its own balances', async () => {
    const res = await call('/accounts/transfer/balances', {}, 'merchant.user')
    expect(res.body.data.map((b: { currency: string }) => b.currency).sort()).toEqual([
      'SGD',
      'USD',
    ])
    expect(new Set(res.body.data.map((b: { merchantName: string }) => b.merchantName))).toEqual(
      new Set(['Skyline Air Tickets']),
    )
    const count = await entryCount()
    const other = await transfer(
      {
        fromAccountId: acc['Skyline:USD'],
        toAccountId: acc['Blue:USD'],
        amount: 1,
        currency: 'USD',
      },
      'merchant.user',
    )
    expect(other.status).toBe(422)
    expect(other.body).toMatchObject({
      code: 2036,
      msg: 'This balance is not one you can transfer from or to',
    })
    // A missing id answers the same: nobody outside the platform learns which ids exist.
    const missing = await transfer(
      { fromAccountId: acc['Skyline:USD'], toAccountId: 999_999, amount: 1, currency: 'USD' },
      'merchant.user',
      'zh_CN',
    )
    expect(missing.body).toMatchObject({ code: 2036, msg: '您无权从该余额转出或向其转入' })
    expect(await entryCount()).toBe(count)
  })

  it("lets a company administrator move money between its companies' merchants, nothing else", async () => {
    const [a, b] = [await balance(acc['Blue:USD']), await balance(acc['Lotus:USD'])]
    const res = await transfer(
      {
        fromAccountId: acc['Blue:USD'],
        toAccountId: acc['Lotus:USD'],
        amount: 2500,
        currency: 'USD',
        remark: 'rent',
      },
      'company.admin',
    )
    expect(res.body.data).toMatchObject({
      fromBalanceAfter: a - 2500,
      toBalanceAfter: b + 2500,
      remark: 'rent',
      fx: null,
    })
    const [entry] = await api.deps.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.id, res.body.data.entryId))
    const [who] = await api.deps.db.select().from(users).where(eq(users.loginName, 'company.admin'))
    expect(entry).toMatchObject({ kind: 'transfer', actorUserId: who.id, remark: 'rent' })
    const bank = await openAccount(api.deps.db, {
      type: 'external_bank',
      ownerType: 'platform',
      ownerId: null,
      currency: 'USD',
    })
    const fromBank = await transfer(
      { fromAccountId: bank.id, toAccountId: acc['Blue:USD'], amount: 1, currency: 'USD' },
      'company.admin',
    )
    expect(fromBank.body.code).toBe(2036)
    expect(
      (
        await transfer(
          {
            fromAccountId: acc['Blue:USD'],
            toAccountId: acc['Lotus:USD'],
            amount: 1,
            currency: 'USD',
          },
          'auditor',
        )
      ).status,
    ).toBe(403)
  })

  it('always records a remark, the default one when none is given', async () => {
    const res = await transfer(
      {
        fromAccountId: acc['Lotus:USD'],
        toAccountId: acc['Blue:USD'],
        amount: 100,
        currency: 'USD',
      },
      'company.admin',
    )
    // A code, named in each reader's language (src/lib/remarks.ts).
    expect(res.body.data.remark).toBe(remarkCode('transferBetweenBalances'))
  })
})

describe('FX quotes and cross-currency transfers', () => {
  const usdToSgd = () => ({ fromAccountId: acc['Skyline:USD'], toAccountId: acc['Skyline:SGD'] })

  it('quotes at the table rate less the spread, and the transfer records rate and both amounts', async () => {
    // USD→SGD 1.3425, 50 bp: 100.00 USD → gross 134.25, spread 0.67, net 133.58 SGD.
    const q = await quote({ ...usdToSgd(), amount: 10_000 }, 'merchant.user')
    expect(q.body.data).toMatchObject({
      rate: '1.3425',
      spreadBps: 50,
      fromAmount: 10_000,
      fromCurrency: 'USD',
      toAmount: 13_358,
      toCurrency: 'SGD',
    })
    expect(new Date(q.body.data.expiresAt).getTime() - api.clock.now().getTime()).toBe(60_000)
    const [u, s] = [await balance(acc['Skyline:USD']), await balance(acc['Skyline:SGD'])]
    const body = { ...usdToSgd(), amount: 10_000, currency: 'USD', quoteId: q.body.data.quoteId }
    const res = await transfer(body, 'merchant.user')
    expect(res.body.data).toMatchObject({
      amount: 10_000,
      currency: 'USD',
      fromBalanceAfter: u - 10_000,
      toBalanceAfter: s + 13_358,
      remark: remarkCode('transferBetweenCurrencies'),
      fx: { quoteId: q.body.data.quoteId, rate: '1.3425', toAmount: 13_358, toCurrency: 'SGD' },
    })
    expect(await balance(acc['Skyline:USD'])).toBe(u - 10_000)
    expect(await balance(acc['Skyline:SGD'])).toBe(s + 13_358)
    const [entry] = await api.deps.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.id, res.body.data.entryId))
    expect(entry.kind).toBe('fx_transfer')
    expect(entry.actorUserId).not.toBeNull()
    const [kept] = await api.deps.db.select().from(fxQuotes).where(eq(fxQuotes.entryId, entry.id))
    expect(kept).toMatchObject({ rate: '1.3425', fromAmount: 10_000, toAmount: 13_358 })
    expect((await verifyLedger(api.deps.db)).ok).toBe(true)
  })

  it('answers a retry with the first result; refuses a used quote with its own code', async () => {
    const q = await quote({ ...usdToSgd(), amount: 500 }, 'merchant.user')
    const body = {
      ...usdToSgd(),
      amount: 500,
      currency: 'USD',
      quoteId: q.body.data.quoteId,
      requestId: rid(),
    }
    const first = await transfer(body, 'merchant.user')
    const count = await entryCount()
    const retry = await transfer(body, 'merchant.user')
    expect(retry.body).toEqual(first.body)
    const again = await transfer({ ...body, requestId: rid() }, 'merchant.user')
    expect(again.body).toMatchObject({ code: 2032, msg: 'This quote has already been used' })
    expect(await entryCount()).toBe(count)
  })

  it('lets one of two racing transfers use a quote', async () => {
    const q = await quote({ ...usdToSgd(), amount: 700 }, 'merchant.user')
    const body = { ...usdToSgd(), amount: 700, currency: 'USD', quoteId: q.body.data.quoteId }
    const count = await entryCount()
    const results = await Promise.all([1, 2, 3].map(() => transfer(body, 'merchant.user')))
    expect(results.filter((r) => r.body.code === 0)).toHaveLength(1)
    expect(results.filter((r) => r.body.code === 2032)).toHaveLength(2)
    expect(await entryCount()).toBe(count + 1)
  })

  it('holds a quote for 60 s: refused with 2031 after, nothing moved', async () => {
    const q = await quote({ ...usdToSgd(), amount: 900 }, 'merchant.user')
    const body = { ...usdToSgd(), amount: 900, currency: 'USD', quoteId: q.body.data.quoteId }
    const u = await balance(acc['Skyline:USD'])
    api.clock.advance(60)
    const late = await transfer(body, 'merchant.user', 'zh_CN')
    expect(late.body).toMatchObject({ code: 2031, msg: '报价已过期，请重新获取' })
    expect(await balance(acc['Skyline:USD'])).toBe(u)
    const fresh = await quote({ ...usdToSgd(), amount: 900 }, 'merchant.user')
    api.clock.advance(59)
    const inTime = await transfer({ ...body, quoteId: fresh.body.data.quoteId }, 'merchant.user')
    expect(inTime.body.code).toBe(0)
  })

  it("refuses a missing quote, another user's quote, a mismatch and a missing quote", async () => {
    const q = await quote({ ...usdToSgd(), amount: 100 }, 'merchant.user')
    const body = { ...usdToSgd(), amount: 100, currency: 'USD', quoteId: q.body.data.quoteId }
    const count = await entryCount()
    expect((await transfer(body, 'admin')).body.code).toBe(2030)
    expect(
      (await transfer({ ...body, quoteId: crypto.randomUUID() }, 'merchant.user')).status,
    ).toBe(404)
    expect((await transfer({ ...body, amount: 101 }, 'merchant.user')).body.code).toBe(2034)
    const none = await transfer({ ...body, quoteId: undefined }, 'merchant.user')
    expect(none.body).toMatchObject({
      code: 2035,
      msg: 'A transfer between different currencies needs a quote',
    })
    expect(await entryCount()).toBe(count)
  })

  it('refuses an insufficient balance with the spec message, changing nothing', async () => {
    const u = await balance(acc['Skyline:USD'])
    const q = await quote({ ...usdToSgd(), amount: u + 1 }, 'merchant.user')
    const body = { ...usdToSgd(), amount: u + 1, currency: 'USD', quoteId: q.body.data.quoteId }
    const count = await entryCount()
    const res = await transfer(body, 'merchant.user')
    expect(res.status).toBe(422)
    expect(res.body).toMatchObject({ code: 2001, msg: 'Insufficient account balance' })
    expect(await balance(acc['Skyline:USD'])).toBe(u)
    expect(await entryCount()).toBe(count)
    // The quote was not used up by the refusal.
    const [row] = await api.deps.db
      .select()
      .from(fxQuotes)
      .where(eq(fxQuotes.id, q.body.data.quoteId))
    expect(row.entryId).toBeNull()
  })

  it('refuses a quote without a rate (2033) and out of reach (2036)', async () => {
    const rates = await call('/accounts/fx/rate/list', {
      filters: { baseCurrency: 'USD', quoteCurrency: 'SGD' },
    })
    const rate = rates.body.data.list[0]
    expect((await call('/accounts/fx/rate/delete', { ids: [rate.id] })).body.code).toBe(0)
    const res = await quote({ ...usdToSgd(), amount: 100 }, 'merchant.user')
    expect(res.body).toMatchObject({ code: 2033, msg: 'No exchange rate is set from USD to SGD' })
    const back = await call('/accounts/fx/rate/save', {
      baseCurrency: 'USD',
      quoteCurrency: 'SGD',
      rate: '1.3425',
      spreadBps: 50,
    })
    expect(back.body.data.updatedBy).toBe('admin')
    const far = await quote(
      { fromAccountId: acc['Skyline:USD'], toAccountId: acc['Lotus:THB'], amount: 100 },
      'merchant.user',
    )
    expect(far.body.code).toBe(2036)
  })
})

describe('FX rates', () => {
  it('refuse a duplicate pair, the same currency twice and a malformed rate', async () => {
    const dup = await call('/accounts/fx/rate/save', {
      baseCurrency: 'usd',
      quoteCurrency: 'THB',
      rate: '36',
      spreadBps: 0,
    })
    expect(dup.body.code).toBe(2037)
    expect(dup.body.data.fieldErrors[0]).toMatchObject({
      field: 'quoteCurrency',
      message: 'Duplicate item exists',
    })
    const same = await call('/accounts/fx/rate/save', {
      baseCurrency: 'USD',
      quoteCurrency: 'USD',
      rate: '1',
      spreadBps: 0,
    })
    expect(same.status).toBe(400)
    expect(same.body.data.fieldErrors[0]).toMatchObject({
      field: 'quoteCurrency',
      message: 'Cannot be same',
    })
    for (const rate of ['0', '-1', '1e3', 'abc', '1.1234567890123']) {
      const bad = await call('/accounts/fx/rate/save', {
        baseCurrency: 'USD',
        quoteCurrency: 'JPY',
        rate,
        spreadBps: 0,
      })
      expect(bad.status, rate).toBe(400)
    }
    const spread = await call('/accounts/fx/rate/save', {
      baseCurrency: 'USD',
      quoteCurrency: 'JPY',
      rate: '150',
      spreadBps: 10_000,
    })
    expect(spread.status).toBe(400)
    const jpy = await api.deps.db.select().from(fxRates).where(eq(fxRates.quoteCurrency, 'JPY'))
    expect(jpy).toEqual([])
  })

  it('keep the demo ledger sound', async () => {
    const report = await verifyLedger(api.deps.db)
    expect(report.ok).toBe(true)
    const fx = await api.deps.db
      .select()
      .from(ledgerEntries)
      .where(
        and(eq(ledgerEntries.kind, 'fx_transfer'), sql`${ledgerEntries.requestId} like 'seed-%'`),
      )
    expect(fx.length).toBeGreaterThanOrEqual(2)
  })
})
