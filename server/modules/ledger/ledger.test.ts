import { and, asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  auditLog,
  ledgerAccounts,
  ledgerEntries,
  ledgerHolds,
  ledgerPostings,
  merchants,
} from '../../db/schema'
import { openAccount } from '../../ledger/accounts'
import { runHoldExpiry } from '../../ledger/holdExpiry'
import { createHold, resolveHold } from '../../ledger/holdService'
import { availableBalance, postedBalance } from '../../ledger/postings'
import { transfer as transferOnLedger } from '../../ledger/transfer'
import { verifyLedger } from '../../ledger/verify'
import { createTestApi, type TestApi } from '../../testing/harness'
import { sessionFor } from '../../testing/sessions'

let api: TestApi
let admin: string
let others: Record<string, string>
/** USD balances of the three demo merchants, and the platform's USD bank account. */
let usd: number[]
let bank: number
let sgd: number

const transfer = (body: Record<string, unknown>, token = admin, lang?: string) =>
  api.call('/accounts/transfer', body, { token, lang })

async function account(id: number) {
  const [row] = await api.deps.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, id))
  return row
}
const balance = async (id: number) => postedBalance(await account(id))
async function entryCount() {
  const [{ n }] = await api.deps.db.select({ n: sql<number>`count(*)::int` }).from(ledgerEntries)
  return Number(n)
}

let seq = 0
const rid = () => `test-${++seq}`

beforeAll(async () => {
  api = await createTestApi()
  admin = await sessionFor(api, 'admin')
  others = {}
  for (const n of ['auditor', 'company.admin', 'merchant.user']) {
    others[n] = await sessionFor(api, n)
  }
  const ms = await api.deps.db.select().from(merchants).orderBy(merchants.id)
  usd = []
  for (const m of ms) {
    const [a] = await api.deps.db
      .select()
      .from(ledgerAccounts)
      .where(
        and(
          eq(ledgerAccounts.ownerId, m.id),
          eq(ledgerAccounts.currency, 'USD'),
          eq(ledgerAccounts.type, 'merchant_balance'),
        ),
      )
    usd.push(a.id)
  }
  bank = (
    await openAccount(api.deps.db, {
      type: 'external_bank',
      ownerType: 'platform',
      ownerId: null,
      currency: 'USD',
    })
  ).id
  const [s] = await api.deps.db
    .select()
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.currency, 'SGD'))
    .limit(1)
  sgd = s.id
})
afterAll(() => api.close())

describe('demo data', () => {
  it('gives every merchant USD and one more currency, funded from the bank, and verifies', async () => {
    const rows = await api.deps.db
      .select()
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.type, 'merchant_balance'))
    const byMerchant = new Map<number, string[]>()
    for (const r of rows)
      byMerchant.set(r.ownerId!, [...(byMerchant.get(r.ownerId!) ?? []), r.currency])
    expect(byMerchant.size).toBe(3)
    for (const currencies of byMerchant.values()) {
      expect(currencies).toContain('USD')
      expect(currencies.length).toBeGreaterThanOrEqual(2)
    }
    expect(await balance(bank)).toBeLessThan(0)
    const report = await verifyLedger(api.deps.db)
    expect(report.mismatches).toEqual([])
    expect(report.ok).toBe(true)
    expect(report.entries).toBeGreaterThanOrEqual(10)
  })
})

describe('POST /accounts/transfer', () => {
  it('moves the amount and answers the entry with both balances after', async () => {
    const [a0, a1] = [await balance(usd[0]), await balance(usd[1])]
    const res = await transfer({
      fromAccountId: usd[0],
      toAccountId: usd[1],
      amount: 1234,
      currency: 'USD',
      requestId: 'first-transfer',
      remark: 'rent',
    })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      requestId: 'first-transfer',
      fromAccountId: usd[0],
      toAccountId: usd[1],
      amount: 1234,
      currency: 'USD',
      remark: 'rent',
      fromBalanceAfter: a0 - 1234,
      toBalanceAfter: a1 + 1234,
    })
    expect(await balance(usd[0])).toBe(a0 - 1234)
    expect(await balance(usd[1])).toBe(a1 + 1234)
    const postings = await api.deps.db
      .select()
      .from(ledgerPostings)
      .where(eq(ledgerPostings.entryId, res.body.data.entryId))
    expect(postings.map((p) => p.amount).sort((x, y) => x - y)).toEqual([-1234, 1234])
    const [logged] = await api.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `entry:${res.body.data.entryId}`))
    expect(logged).toMatchObject({ action: 'ledger.transfer', loginName: 'admin' })
  })

  it('answers a retry with the first result and moves nothing', async () => {
    const body = {
      fromAccountId: usd[0],
      toAccountId: usd[1],
      amount: 500,
      currency: 'USD',
      requestId: rid(),
    }
    const first = await transfer(body)
    const [a0, count] = [await balance(usd[0]), await entryCount()]
    const again = await transfer(body)
    expect(again.body).toEqual(first.body)
    expect(await balance(usd[0])).toBe(a0)
    expect(await entryCount()).toBe(count)
    // Each call is audited once, the retry too, against the one entry.
    const logged = await api.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `entry:${first.body.data.entryId}`))
    expect(logged).toHaveLength(2)
  })

  it('writes an entry and its audit row together: no record, no movement', async () => {
    const [a0, count] = [await balance(usd[0]), await entryCount()]
    const ctx = {
      db: api.deps.db,
      clock: api.deps.clock,
      record: async () => {
        throw new Error('the audit row could not be written')
      },
    }
    const input = { fromAccountId: usd[0], toAccountId: usd[1], amount: 10, currency: 'USD' }
    await expect(transferOnLedger(ctx, { ...input, requestId: rid() })).rejects.toThrow(
      'the audit row could not be written',
    )
    expect(await balance(usd[0])).toBe(a0)
    expect(await entryCount()).toBe(count)
  })

  it('answers racing retries with one entry', async () => {
    const body = {
      fromAccountId: usd[1],
      toAccountId: usd[2],
      amount: 77,
      currency: 'USD',
      requestId: rid(),
    }
    const count = await entryCount()
    const results = await Promise.all(Array.from({ length: 6 }, () => transfer(body)))
    expect(new Set(results.map((r) => r.body.data.entryId)).size).toBe(1)
    expect(results.every((r) => r.body.code === 0)).toBe(true)
    expect(await entryCount()).toBe(count + 1)
  })

  it('refuses the same requestId with different fields, in both languages', async () => {
    const body = { fromAccountId: usd[0], toAccountId: usd[1], amount: 1, currency: 'USD' }
    const id = rid()
    expect((await transfer({ ...body, requestId: id })).body.code).toBe(0)
    const count = await entryCount()
    const res = await transfer({ ...body, amount: 2, requestId: id })
    expect(res.status).toBe(422)
    expect(res.body.code).toBe(2002)
    expect(res.body.msg).toBe('This request ID was already used for a different request')
    const zh = await transfer({ ...body, remark: 'x', requestId: id }, admin, 'zh_CN')
    expect(zh.body.msg).toBe('该请求编号已用于另一笔不同的请求')
    expect(await entryCount()).toBe(count)
  })

  it('refuses an insufficient balance with the account message and changes nothing', async () => {
    // What may leave is the available balance: the demo's cards hold some of it (pending).
    const row = await account(usd[2])
    const posted = postedBalance(row)
    const a2 = posted - row.debitsPending
    const count = await entryCount()
    const body = {
      fromAccountId: usd[2],
      toAccountId: usd[0],
      amount: a2 + 1,
      currency: 'USD',
      requestId: rid(),
    }
    const res = await transfer(body)
    expect(res.status).toBe(422)
    expect(res.body).toMatchObject({ code: 2001, msg: 'Insufficient account balance' })
    const zh = await transfer({ ...body, requestId: rid() }, admin, 'zh_CN')
    expect(zh.body.msg).toBe('账户余额不足')
    expect(await balance(usd[2])).toBe(posted)
    expect(await entryCount()).toBe(count)
    // Exactly the whole available balance is allowed; what is held stays.
    const all = await transfer({ ...body, amount: a2, requestId: rid() })
    expect(all.body.data.fromBalanceAfter).toBe(row.debitsPending)
    await transfer({ ...body, fromAccountId: usd[0], toAccountId: usd[2], requestId: rid() })
  })

  it('refuses other currencies, the same account and unknown accounts', async () => {
    const base = { fromAccountId: usd[0], toAccountId: usd[1], amount: 1, currency: 'USD' }
    const count = await entryCount()
    expect((await transfer({ ...base, currency: 'EUR', requestId: rid() })).body.code).toBe(2004)
    // Across currencies only through a quote (server/modules/transfers/transfers.test.ts).
    expect((await transfer({ ...base, toAccountId: sgd, requestId: rid() })).body.code).toBe(2035)
    expect((await transfer({ ...base, toAccountId: usd[0], requestId: rid() })).body.code).toBe(
      2005,
    )
    const missing = await transfer({ ...base, toAccountId: 999_999, requestId: rid() })
    expect(missing.status).toBe(404)
    expect(missing.body.code).toBe(2003)
    expect(await entryCount()).toBe(count)
  })

  it('refuses malformed amounts, currencies and request ids with field errors', async () => {
    const base = { fromAccountId: usd[0], toAccountId: usd[1], amount: 1, currency: 'USD' }
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 1.5 }, 'amount'],
      [{ amount: -5 }, 'amount'],
      [{ amount: 0 }, 'amount'],
      [{ amount: '100' }, 'amount'],
      [{ amount: 2 ** 60 }, 'amount'],
      [{ amount: 1e15 + 1 }, 'amount'],
      [{ currency: 'usd' }, 'currency'],
      [{ currency: 'ABC' }, 'currency'],
      [{ currency: 'XXX' }, 'currency'],
      [{ requestId: '' }, 'requestId'],
      [{ requestId: 'x'.repeat(65) }, 'requestId'],
      [{ fromAccountId: 'a' }, 'fromAccountId'],
    ]
    const count = await entryCount()
    for (const [patch, field] of cases) {
      const res = await transfer({ ...base, requestId: rid(), ...patch })
      expect(res.status, JSON.stringify(patch)).toBe(400)
      expect(res.body.data.fieldErrors.map((f: { field: string }) => f.field)).toContain(field)
    }
    expect(await entryCount()).toBe(count)
  })

  it('needs the transfer button (reach: server/modules/transfers/transfers.test.ts)', async () => {
    const body = { fromAccountId: usd[0], toAccountId: usd[1], amount: 1, currency: 'USD' }
    const res = await transfer({ ...body, requestId: rid() }, others.auditor)
    expect(res.status).toBe(403)
    const anonymous = await api.call('/accounts/transfer', { ...body, requestId: rid() })
    expect(anonymous.status).toBe(401)
  })
})

describe('the database guards the ledger', () => {
  it('refuses to change or delete entries and postings', async () => {
    await expect(
      api.deps.db.update(ledgerPostings).set({ amount: 1 }).where(eq(ledgerPostings.id, 1)),
    ).rejects.toThrow()
    await expect(
      api.deps.db.delete(ledgerPostings).where(eq(ledgerPostings.id, 1)),
    ).rejects.toThrow()
    await expect(
      api.deps.db.update(ledgerEntries).set({ remark: 'x' }).where(eq(ledgerEntries.id, 1)),
    ).rejects.toThrow()
    await expect(api.deps.db.delete(ledgerEntries).where(eq(ledgerEntries.id, 1))).rejects.toThrow()
  })

  it('refuses a negative balance on an account that may not overdraw', async () => {
    const a = await account(usd[0])
    await expect(
      api.deps.db
        .update(ledgerAccounts)
        .set({ debitsPosted: a.creditsPosted + 1 })
        .where(eq(ledgerAccounts.id, usd[0])),
    ).rejects.toThrow()
    // The platform's bank account is allowed below zero.
    expect(await balance(bank)).toBeLessThan(0)
  })
})

describe('holds', () => {
  const ctx = () => ({ db: api.deps.db, clock: api.clock })

  it('reserve the available balance until posted partly; the rest is released', async () => {
    const before = await account(usd[0])
    const hold = await createHold(ctx(), {
      requestId: 'hold-1',
      debitAccountId: usd[0],
      creditAccountId: usd[1],
      amount: 10_000,
      currency: 'USD',
      timeoutSeconds: 600,
    })
    const held = await account(usd[0])
    expect(availableBalance(held)).toBe(availableBalance(before) - 10_000)
    expect(postedBalance(held)).toBe(postedBalance(before))
    // The reservation counts against transfers.
    const res = await transfer({
      fromAccountId: usd[0],
      toAccountId: usd[2],
      amount: availableBalance(held) + 1,
      currency: 'USD',
      requestId: rid(),
    })
    expect(res.body.code).toBe(2001)

    expect(
      (
        await createHold(ctx(), {
          requestId: 'hold-1',
          debitAccountId: usd[0],
          creditAccountId: usd[1],
          amount: 10_000,
          currency: 'USD',
          timeoutSeconds: 600,
        })
      ).id,
    ).toBe(hold.id)

    await expect(
      resolveHold(ctx(), {
        holdId: hold.id,
        requestId: 'hold-1-over',
        action: 'post',
        amount: 10_001,
      }),
    ).rejects.toMatchObject({ rule: { code: 2008 } })
    const posted = await resolveHold(ctx(), {
      holdId: hold.id,
      requestId: 'hold-1-post',
      action: 'post',
      amount: 4_000,
    })
    expect(posted).toMatchObject({ status: 'posted', postedAmount: 4_000 })
    const after = await account(usd[0])
    expect(after.debitsPending).toBe(before.debitsPending)
    expect(postedBalance(after)).toBe(postedBalance(before) - 4_000)
    // The same request again answers the same; another resolution is refused.
    const retry = await resolveHold(ctx(), {
      holdId: hold.id,
      requestId: 'hold-1-post',
      action: 'post',
      amount: 4_000,
    })
    expect(retry.entryId).toBe(posted.entryId)
    await expect(
      resolveHold(ctx(), { holdId: hold.id, requestId: 'hold-1-void', action: 'void' }),
    ).rejects.toMatchObject({ rule: { code: 2007 } })
    expect(postedBalance(await account(usd[0]))).toBe(postedBalance(before) - 4_000)
  })

  it('refuse a hold beyond the available balance', async () => {
    const a = await account(usd[2])
    await expect(
      createHold(ctx(), {
        requestId: rid(),
        debitAccountId: usd[2],
        creditAccountId: usd[0],
        amount: availableBalance(a) + 1,
        currency: 'USD',
        timeoutSeconds: 60,
      }),
    ).rejects.toMatchObject({ rule: { code: 2001 } })
  })

  it('void releases everything and posts nothing', async () => {
    const before = await account(usd[1])
    const count = await entryCount()
    const hold = await createHold(ctx(), {
      requestId: rid(),
      debitAccountId: usd[1],
      creditAccountId: usd[0],
      amount: 2_500,
      currency: 'USD',
      timeoutSeconds: 60,
    })
    const voided = await resolveHold(ctx(), { holdId: hold.id, requestId: rid(), action: 'void' })
    expect(voided.status).toBe('voided')
    expect(await account(usd[1])).toMatchObject({
      debitsPending: before.debitsPending,
      debitsPosted: before.debitsPosted,
    })
    expect(await entryCount()).toBe(count)
  })

  it('expire by the job once their time is up, exactly once', async () => {
    const before = await account(usd[2])
    const hold = await createHold(ctx(), {
      requestId: rid(),
      debitAccountId: usd[2],
      creditAccountId: usd[0],
      amount: 900,
      currency: 'USD',
      timeoutSeconds: 120,
    })
    api.clock.advance(60)
    expect(await runHoldExpiry(api.deps)).toBe(0)
    expect((await account(usd[2])).debitsPending).toBe(before.debitsPending + 900)
    api.clock.advance(61)
    // Two instances at once: the hold is expired by one of them.
    const [a, b] = await Promise.all([runHoldExpiry(api.deps), runHoldExpiry(api.deps)])
    expect(a + b).toBe(1)
    expect((await account(usd[2])).debitsPending).toBe(before.debitsPending)
    await expect(
      resolveHold(ctx(), { holdId: hold.id, requestId: rid(), action: 'post' }),
    ).rejects.toMatchObject({ rule: { code: 2007 } })
    expect((await verifyLedger(api.deps.db)).ok).toBe(true)
  })
})

describe('the hold-expiry job', () => {
  it('runs on the job system: a run of its queue expires the due hold', async () => {
    const hold = await createHold(
      { db: api.deps.db, clock: api.clock },
      {
        requestId: rid(),
        debitAccountId: usd[1],
        creditAccountId: usd[2],
        amount: 300,
        currency: 'USD',
        timeoutSeconds: 30,
      },
    )
    api.clock.advance(31)
    const jobs = api.deps.jobs!
    await jobs.start()
    // A run as its schedule would send it, taken by the queue's worker.
    await jobs.sendScheduled('hold-expiry', new Date())
    const status = async () => {
      const [row] = await api.deps.db.select().from(ledgerHolds).where(eq(ledgerHolds.id, hold.id))
      return row.status
    }
    try {
      await expect.poll(status, { timeout: 10_000 }).toBe('expired')
    } finally {
      await jobs.stop()
    }
  })
})

describe('POST /ledger/verify', () => {
  it('reports a clean ledger, then lists a tampered balance', async () => {
    const res = await api.call('/ledger/verify', {}, { token: admin })
    expect(res.body.code).toBe(0)
    expect(res.body.data.ok).toBe(true)
    expect(res.body.data.currencies.map((c: { currency: string }) => c.currency)).toContain('USD')
    expect((await api.call('/ledger/verify', {}, { token: others.auditor })).status).toBe(403)

    // Behind the ledger's back (a balance changed without postings): verify says so.
    const a = await account(usd[1])
    await api.deps.db
      .update(ledgerAccounts)
      .set({ creditsPosted: a.creditsPosted + 5 })
      .where(eq(ledgerAccounts.id, usd[1]))
    const bad = await api.call('/ledger/verify', {}, { token: admin })
    expect(bad.body.data.ok).toBe(false)
    expect(bad.body.data.mismatches).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'account', id: usd[1], field: 'creditsPosted' }),
        expect.objectContaining({ kind: 'currency', currency: 'USD', actual: 5 }),
      ]),
    )
    await api.deps.db
      .update(ledgerAccounts)
      .set({ creditsPosted: a.creditsPosted })
      .where(eq(ledgerAccounts.id, usd[1]))
    expect((await verifyLedger(api.deps.db)).ok).toBe(true)
  })

  it("reports a posting whose stored balance_after is not its account's running balance", async () => {
    // Postings are append-only (a trigger refuses updates): the tampering goes around it, as
    // someone with the database's owner rights could.
    const tamper = (id: number, balanceAfter: number) =>
      api.deps.db.transaction(async (tx) => {
        await tx.execute(sql`alter table ledger_postings disable trigger user`)
        await tx.update(ledgerPostings).set({ balanceAfter }).where(eq(ledgerPostings.id, id))
        await tx.execute(sql`alter table ledger_postings enable trigger user`)
      })
    // Sums stay right (the account's totals are untouched): only the balance a statement shows
    // after one posting is off by one, as a rounded amount of 2^53 − 1 once left it.
    const [posting] = await api.deps.db
      .select()
      .from(ledgerPostings)
      .where(eq(ledgerPostings.accountId, usd[1]))
      .orderBy(asc(ledgerPostings.id))
      .limit(1)
    await tamper(posting.id, posting.balanceAfter + 1)
    const bad = await api.call('/ledger/verify', {}, { token: admin })
    expect(bad.body.data.ok).toBe(false)
    expect(bad.body.data.mismatches).toEqual([
      {
        kind: 'posting',
        id: posting.id,
        currency: 'USD',
        field: 'balanceAfter',
        expected: posting.balanceAfter,
        actual: posting.balanceAfter + 1,
      },
    ])
    await tamper(posting.id, posting.balanceAfter)
    expect((await verifyLedger(api.deps.db)).ok).toBe(true)
  })
})
