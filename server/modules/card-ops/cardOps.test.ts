import { and, count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ChannelError, type IssuerChannel } from '../../channels/issuer'
import { issuerFactories } from '../../channels/registry'
import {
  auditLog,
  cardRequests,
  cardStatusHistory,
  cards,
  companies,
  ledgerAccounts,
  ledgerEntries,
  ledgerHolds,
  merchants,
  parameters,
  users,
} from '../../db/schema'
import { availableBalance } from '../../ledger/postings'
import { verifyLedger } from '../../ledger/verify'
import { makeCard, type CardFixture } from '../../testing/cardFixtures'
import { createTestApi, type TestApi } from '../../testing/harness'
import { sessionFor } from '../../testing/sessions'

/** A fake issuer in place of the sandbox: records calls, fails the next one when told. */
const channelCalls: string[] = []
let failNext: ChannelError | null = null
const fake = (): IssuerChannel => {
  const op = (name: string) => async (ref: string) => {
    if (failNext) {
      const e = failNext
      failNext = null
      throw e
    }
    channelCalls.push(`${name}:${ref}`)
  }
  return {
    code: 'sandbox',
    createCard: async () => ({ cardRef: 'x' }),
    topUp: op('topUp'),
    withdraw: op('withdraw'),
    freeze: op('freeze'),
    unfreeze: op('unfreeze'),
    cancel: op('cancel'),
    updateLimits: op('updateLimits'),
  }
}

let api: TestApi
let admin: string
let merchantUser: string
let companyAdmin: string
let auditor: string
let skyline: number
let lotus: number
let before: (typeof issuerFactories)[string] | undefined
const cardsMade: CardFixture[] = []

const call = (path: string, body: unknown, token = merchantUser, lang?: string) =>
  api.call(`/card-ops/${path}`, body, { token, lang })

async function card(opts: Parameters<typeof makeCard>[1] = {}) {
  const c = await makeCard(api.deps, opts)
  cardsMade.push(c)
  return c
}

async function available(accountId: number) {
  const [a] = await api.deps.db
    .select()
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, accountId))
  return availableBalance(a)
}

async function merchantUsd(merchantId = skyline) {
  const [a] = await api.deps.db
    .select()
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.type, 'merchant_balance'),
        eq(ledgerAccounts.ownerId, merchantId),
        eq(ledgerAccounts.currency, 'USD'),
      ),
    )
  return a
}

async function statusOf(id: number) {
  const [row] = await api.deps.db.select().from(cards).where(eq(cards.id, id))
  return row
}

/** Row counts of what any operation may write: a refusal leaves all of them as they were. */
async function footprint() {
  const n = async (t: Parameters<typeof count>[0] extends never ? never : any) =>
    Number((await api.deps.db.select({ n: count() }).from(t))[0].n)
  return {
    entries: await n(ledgerEntries),
    holds: await n(ledgerHolds),
    history: await n(cardStatusHistory),
    requests: await n(cardRequests),
    audit: await n(auditLog),
  }
}

const logged: string[] = []

/** Rows of a raw query on either driver (PGlite answers `{rows}`, postgres.js an array). */
const rowsOf = <T = Record<string, unknown>>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[]

beforeAll(async () => {
  api = await createTestApi()
  // Capture whatever the server logs: the test at the end looks for card numbers in it.
  api.deps.log = {
    info: (msg, extra) => logged.push(JSON.stringify({ msg, ...extra })),
    error: (msg, extra) => logged.push(JSON.stringify({ msg, ...extra })),
  }
  before = issuerFactories.sandbox
  issuerFactories.sandbox = fake
  ;[admin, merchantUser, companyAdmin, auditor] = await Promise.all(
    ['admin', 'merchant.user', 'company.admin', 'auditor'].map((n) => sessionFor(api, n)),
  )
  const byName = async (name: string) =>
    (await api.deps.db.select().from(merchants).where(eq(merchants.name, name)))[0].id
  skyline = await byName('Skyline Air Tickets')
  lotus = await byName('Lotus Car Rental')
})
afterAll(async () => {
  if (before) issuerFactories.sandbox = before
  else delete issuerFactories.sandbox
  await api.close()
})
beforeEach(() => {
  failNext = null
})

describe('top up', () => {
  it('moves money from the merchant balance to the card once per requestId', async () => {
    const c = await card()
    const m0 = availableBalance(await merchantUsd())
    const first = await call('top-up', { id: c.id, amount: 12_345, requestId: 'tu-1' })
    expect(first.body.code).toBe(0)
    expect(first.body.data).toMatchObject({ cardId: c.id, amount: 12_345, cardAvailable: 12_345 })
    const retry = await call('top-up', { id: c.id, amount: 12_345, requestId: 'tu-1' })
    expect(retry.body.data.entryId).toBe(first.body.data.entryId)
    expect(await available(c.accountId)).toBe(12_345)
    expect(availableBalance(await merchantUsd())).toBe(m0 - 12_345)
    expect(channelCalls.filter((x) => x === `topUp:${c.channelCardRef}`)).toHaveLength(1)
    const other = await call('top-up', { id: c.id, amount: 1, requestId: 'tu-1' })
    expect(other.body.code).toBe(2002)
  })

  it('refuses more than the merchant balance with the spec message, writing nothing', async () => {
    const c = await card()
    const f0 = await footprint()
    const huge = availableBalance(await merchantUsd()) + 1
    const en = await call('top-up', { id: c.id, amount: huge, requestId: 'tu-big' })
    expect([en.status, en.body.code, en.body.msg]).toEqual([
      422,
      2001,
      'Insufficient account balance',
    ])
    const zh = await call(
      'top-up',
      { id: c.id, amount: huge, requestId: 'tu-big' },
      merchantUser,
      'zh-CN',
    )
    expect(zh.body.msg).toBe('账户余额不足')
    expect(await footprint()).toEqual(f0)
  })

  it('refuses less than card.min_topup; 0 means no minimum', async () => {
    const c = await card()
    await api.deps.db
      .update(parameters)
      .set({ value: '500' })
      .where(eq(parameters.name, 'card.min_topup'))
    const low = await call('top-up', { id: c.id, amount: 499, requestId: 'tu-min' })
    expect(low.body.code).toBe(3053)
    await api.deps.db
      .update(parameters)
      .set({ value: '0' })
      .where(eq(parameters.name, 'card.min_topup'))
    expect((await call('top-up', { id: c.id, amount: 1, requestId: 'tu-min' })).body.code).toBe(0)
  })

  it('a channel error moves nothing; that request id then answers that it failed', async () => {
    const c = await card()
    const m0 = availableBalance(await merchantUsd())
    failNext = new ChannelError('unavailable', 'timeout')
    const res = await call('top-up', { id: c.id, amount: 100, requestId: 'tu-ch' })
    expect([res.body.code, res.body.msg]).toEqual([
      3060,
      'The card channel did not answer; nothing was changed, please try again',
    ])
    expect(availableBalance(await merchantUsd())).toBe(m0)
    expect(await available(c.accountId)).toBe(0)
    expect((await call('top-up', { id: c.id, amount: 100, requestId: 'tu-ch' })).body.code).toBe(
      3064,
    )
    failNext = new ChannelError('refused', 'no')
    expect((await call('top-up', { id: c.id, amount: 100, requestId: 'tu-ch2' })).body.code).toBe(
      3059,
    )
    expect((await call('top-up', { id: c.id, amount: 100, requestId: 'tu-ch3' })).body.code).toBe(0)
    expect((await verifyLedger(api.deps.db)).ok).toBe(true)
  })

  it('refuses a blocked card (the machine decides) and another merchant’s card is 404', async () => {
    const blocked = await card({ status: 'blocked' })
    const res = await call('top-up', { id: blocked.id, amount: 100, requestId: 'tu-bl' })
    expect(res.body.code).toBe(3051)
    const theirs = await card({ merchantId: lotus, balance: 1000 })
    for (const [path, body] of [
      ['top-up', { id: theirs.id, amount: 1, requestId: 'x1' }],
      ['withdraw', { id: theirs.id, amount: 1, requestId: 'x2' }],
      ['limits', { id: theirs.id, perTransaction: 1, daily: null, monthly: null, lifetime: null }],
      ['freeze', { id: theirs.id, reasonCode: 'riskReview' }],
      ['cancel', { id: theirs.id, reasonCode: 'customerRequest' }],
    ] as const) {
      const r = await call(path, body)
      expect([path, r.status, r.body.code]).toEqual([path, 404, 3050])
    }
  })
})

describe('withdraw', () => {
  it('moves card money back to the merchant; not more than the card’s available', async () => {
    const c = await card({ balance: 5_000 })
    const m0 = availableBalance(await merchantUsd())
    const f0 = await footprint()
    const over = await call('withdraw', { id: c.id, amount: 5_001, requestId: 'wd-over' })
    expect([over.body.code, over.body.msg]).toEqual([3052, 'Insufficient card balance'])
    const zh = await call(
      'withdraw',
      { id: c.id, amount: 5_001, requestId: 'wd-over' },
      merchantUser,
      'zh-CN',
    )
    expect(zh.body.msg).toBe('卡余额不足')
    expect(await footprint()).toEqual(f0)
    const ok = await call('withdraw', { id: c.id, amount: 2_000, requestId: 'wd-1' })
    expect(ok.body.data.cardAvailable).toBe(3_000)
    await call('withdraw', { id: c.id, amount: 2_000, requestId: 'wd-1' })
    expect(availableBalance(await merchantUsd())).toBe(m0 + 2_000)
    expect(await available(c.accountId)).toBe(3_000)
  })
})

describe('limits', () => {
  it('sets and clears limits on an active card; a channel error changes nothing', async () => {
    const c = await card()
    const set = await call('limits', {
      id: c.id,
      perTransaction: 100,
      daily: 1_000,
      monthly: null,
      lifetime: null,
    })
    expect(set.body.code).toBe(0)
    expect(await statusOf(c.id)).toMatchObject({
      limitPerTransaction: 100,
      limitDaily: 1_000,
      limitMonthly: null,
    })
    failNext = new ChannelError('refused', 'no')
    const refused = await call('limits', {
      id: c.id,
      perTransaction: 1,
      daily: 1,
      monthly: 1,
      lifetime: 1,
    })
    expect(refused.body.code).toBe(3059)
    expect(await statusOf(c.id)).toMatchObject({ limitPerTransaction: 100, limitDaily: 1_000 })
    const bad = await call('limits', {
      id: c.id,
      perTransaction: 0,
      daily: null,
      monthly: null,
      lifetime: null,
    })
    expect(bad.status).toBe(400)
  })
})

describe('freeze and unfreeze', () => {
  it('records who, when, why in the history and the audit log', async () => {
    const c = await card()
    const unknown = await call('freeze', { id: c.id, reasonCode: 'whatever' })
    expect(unknown.body.code).toBe(3058)
    expect(unknown.body.data.fieldErrors[0].field).toBe('reasonCode')
    const frozen = await call('freeze', { id: c.id, reasonCode: 'suspectedFraud', note: 'odd' })
    expect(frozen.body.data).toEqual({ id: c.id, status: 'blocked' })
    expect((await call('freeze', { id: c.id, reasonCode: 'suspectedFraud' })).body.code).toBe(3051)
    const thawed = await call('unfreeze', { id: c.id, reasonCode: 'issueResolved' })
    expect(thawed.body.data.status).toBe('active')
    const history = await api.deps.db
      .select()
      .from(cardStatusHistory)
      .where(eq(cardStatusHistory.cardId, c.id))
      .orderBy(cardStatusHistory.id)
    const [me] = await api.deps.db.select().from(users).where(eq(users.loginName, 'merchant.user'))
    expect(
      history.map((h) => [h.fromStatus, h.toStatus, h.event, h.reasonCode, h.actorUserId]),
    ).toEqual([
      ['active', 'blocked', 'FREEZE', 'suspectedFraud', me.id],
      ['blocked', 'active', 'UNFREEZE', 'issueResolved', me.id],
    ])
    expect(history[0].note).toBe('odd')
    const audits = await api.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `card:${c.id}`))
    expect(audits.map((a) => a.action)).toEqual(['card.freeze', 'card.unfreeze'])
    // Each status change with its before and after: the status, and its reason and note.
    expect(audits.map((a) => a.detail)).toEqual([
      {
        before: { status: 'active', reason: '', note: '' },
        after: { status: 'blocked', reason: 'suspectedFraud', note: 'odd' },
      },
      {
        before: { status: 'blocked', reason: 'suspectedFraud', note: 'odd' },
        after: { status: 'active', reason: 'issueResolved', note: '' },
      },
    ])
  })

  it('a channel error leaves the card as it was', async () => {
    const c = await card()
    failNext = new ChannelError('unavailable', 'down')
    expect((await call('freeze', { id: c.id, reasonCode: 'riskReview' })).body.code).toBe(3060)
    expect((await statusOf(c.id)).status).toBe('active')
  })
})

describe('a card past its expiry month', () => {
  /** The month before the test clock's: the card is expired from the first day after it. */
  const lastMonthOf = (now: Date) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7)
  const expire = (id: number, month: string) =>
    api.deps.db.update(cards).set({ expiry: month }).where(eq(cards.id, id))
  const noLimits = { perTransaction: 100, daily: null, monthly: null, lifetime: null }

  it('refuses top-up, limits, freeze and unfreeze with 3066, moving nothing; withdraw and cancel work', async () => {
    const c = await card({ balance: 5_000 })
    const frozen = await card({ status: 'blocked', balance: 1_000 })
    const lastMonth = lastMonthOf(api.clock.now())
    await expire(c.id, lastMonth)
    await expire(frozen.id, lastMonth)
    const f0 = await footprint()
    const m0 = availableBalance(await merchantUsd())
    const row0 = await statusOf(c.id)
    const calls0 = channelCalls.length

    const en = 'The card is past its expiry month: it can only be withdrawn from or cancelled'
    for (const [path, body] of [
      ['top-up', { id: c.id, amount: 100, requestId: 'exp-tu' }],
      ['limits', { id: c.id, ...noLimits }],
      ['freeze', { id: c.id, reasonCode: 'riskReview' }],
      ['unfreeze', { id: frozen.id, reasonCode: 'issueResolved' }],
    ] as const) {
      const r = await call(path, body)
      expect([path, r.status, r.body.code, r.body.msg]).toEqual([path, 422, 3066, en])
    }
    const zh = await call(
      'top-up',
      { id: c.id, amount: 100, requestId: 'exp-tu' },
      merchantUser,
      'zh-CN',
    )
    expect([zh.status, zh.body.code, zh.body.msg]).toEqual([
      422,
      3066,
      '此卡已过有效期：只能转出余额或注销',
    ])
    // An administrator's + correction is a top-up to the machine: refused alike.
    const plus = await api.call(
      '/card-ops/balance-updates/save',
      { cardId: c.id, sign: '+', amount: 250, note: 'missed refund' },
      { token: companyAdmin },
    )
    expect([plus.status, plus.body.code]).toEqual([422, 3066])

    // Nothing moved: no entry, hold, history, request or audit row; no channel call; the
    // balances, limits and statuses as they were.
    expect(await footprint()).toEqual(f0)
    expect(channelCalls.length).toBe(calls0)
    expect(availableBalance(await merchantUsd())).toBe(m0)
    expect(await available(c.accountId)).toBe(5_000)
    expect(await statusOf(c.id)).toEqual(row0)
    expect((await statusOf(frozen.id)).status).toBe('blocked')

    // What gives the money back still works.
    const out = await call('withdraw', { id: c.id, amount: 2_000, requestId: 'exp-wd' })
    expect([out.status, out.body.code, out.body.data.cardAvailable]).toEqual([200, 0, 3_000])
    expect(availableBalance(await merchantUsd())).toBe(m0 + 2_000)
    const cancel = await call('cancel', { id: frozen.id, reasonCode: 'customerRequest' })
    expect(cancel.body.data).toEqual({ id: frozen.id, status: 'cancelRequested' })
    expect((await verifyLedger(api.deps.db)).ok).toBe(true)
  })

  it('through its expiry month a card still takes a top-up and a freeze', async () => {
    const c = await card()
    await expire(c.id, api.clock.now().toISOString().slice(0, 7))
    const top = await call('top-up', { id: c.id, amount: 100, requestId: 'exp-in-month' })
    expect(top.body.code).toBe(0)
    const frozen = await call('freeze', { id: c.id, reasonCode: 'riskReview' })
    expect(frozen.body.data).toEqual({ id: c.id, status: 'blocked' })
  })
})

describe('cancellation and its review', () => {
  it('is refused while transactions are pending, with the spec’s message, writing nothing', async () => {
    const c = await card({ pendingTransactions: 2 })
    const f0 = await footprint()
    const en = await call('cancel', { id: c.id, reasonCode: 'noLongerNeeded' })
    expect([en.body.code, en.body.msg]).toEqual([
      3054,
      'Cannot cancel card with pending transactions',
    ])
    const zh = await call(
      'cancel',
      { id: c.id, reasonCode: 'noLongerNeeded' },
      merchantUser,
      'zh-CN',
    )
    expect(zh.body.msg).toBe('存在未完成的交易，不能注销卡')
    expect(await footprint()).toEqual(f0)
  })

  it('approved by another person: cancelled at the channel, the balance back to the merchant', async () => {
    const c = await card({ balance: 7_700 })
    const asked = await call('cancel', { id: c.id, reasonCode: 'noLongerNeeded', note: 'done' })
    expect(asked.body.data.status).toBe('cancelRequested')
    expect((await call('cancel', { id: c.id, reasonCode: 'noLongerNeeded' })).body.code).toBe(3051)
    // The top-up the machine no longer allows.
    expect((await call('top-up', { id: c.id, amount: 1, requestId: 'cr-tu' })).body.code).toBe(3051)
    const list = await api.call(
      '/card-ops/cancel-requests/list',
      { filters: { status: 'pending' } },
      { token: admin },
    )
    const row = list.body.data.list.find((r: { cardId: number }) => r.cardId === c.id)
    expect(row).toMatchObject({
      cardAvailable: 7_700,
      requesterName: 'merchant.user',
      reasonCode: 'noLongerNeeded',
    })
    expect(row.cardNumber).toBe(`${c.number.slice(0, 6)}******${c.number.slice(-4)}`)
    // The company administrator reaches Skyline and may review, but the merchant user may not
    // review its own (it has no review button either way).
    const own = await api.call(
      '/card-ops/cancel-requests/review',
      { id: row.id, decision: 'approve' },
      { token: merchantUser },
    )
    expect(own.status).toBe(403)
    const m0 = availableBalance(await merchantUsd())
    const approved = await api.call(
      '/card-ops/cancel-requests/review',
      { id: row.id, decision: 'approve', note: 'ok' },
      { token: companyAdmin },
    )
    expect(approved.body.data).toMatchObject({ status: 'approved', cardStatus: 'cancelled' })
    expect(availableBalance(await merchantUsd())).toBe(m0 + 7_700)
    expect(await available(c.accountId)).toBe(0)
    expect(channelCalls).toContain(`cancel:${c.channelCardRef}`)
    const again = await api.call(
      '/card-ops/cancel-requests/review',
      { id: row.id, decision: 'approve', note: 'ok' },
      { token: companyAdmin },
    )
    expect(again.body.data.entryId).toBe(approved.body.data.entryId)
    expect(availableBalance(await merchantUsd())).toBe(m0 + 7_700)
    const late = await api.call(
      '/card-ops/cancel-requests/review',
      { id: row.id, decision: 'reject', reasonCode: 'other' },
      { token: admin },
    )
    expect(late.body.code).toBe(3057)
    expect((await verifyLedger(api.deps.db)).ok).toBe(true)
  })

  it('maker ≠ checker: the requester cannot review; a rejection returns the card to blocked', async () => {
    const c = await card({ status: 'blocked' })
    await call('cancel', { id: c.id, reasonCode: 'lostOrStolen' }, companyAdmin)
    const [req] = await api.deps.db.select().from(cardRequests).where(eq(cardRequests.cardId, c.id))
    const f0 = await footprint()
    const self = await api.call(
      '/card-ops/cancel-requests/review',
      { id: req.id, decision: 'approve' },
      { token: companyAdmin },
    )
    // The one own-request code of every review (server/reviews/rules.ts).
    expect([self.body.code, self.body.msg]).toEqual([
      2013,
      'You cannot review a request you made yourself',
    ])
    expect(await footprint()).toEqual(f0)
    const noReason = await api.call(
      '/card-ops/cancel-requests/review',
      { id: req.id, decision: 'reject' },
      { token: admin },
    )
    expect(noReason.body.code).toBe(3058)
    const rejected = await api.call(
      '/card-ops/cancel-requests/review',
      { id: req.id, decision: 'reject', reasonCode: 'requestDeclined', note: 'keep' },
      { token: admin },
    )
    expect(rejected.body.data).toMatchObject({ status: 'rejected', cardStatus: 'blocked' })
    const [after] = await api.deps.db.select().from(cardRequests).where(eq(cardRequests.id, req.id))
    expect(after).toMatchObject({
      status: 'rejected',
      reviewReasonCode: 'requestDeclined',
      reviewNote: 'keep',
    })
    // Its history, in the shape every reviewed item has: asked, then rejected (who, why).
    const shown = await api.call(
      '/card-ops/cancel-requests/history',
      { id: req.id },
      { token: companyAdmin },
    )
    expect(shown.body.data).toMatchObject({
      review: {
        state: 'rejected',
        makerName: 'company.admin',
        makerIsYou: true,
        history: [
          { event: 'SUBMIT', from: null, to: 'pending', actorName: 'company.admin' },
          {
            event: 'REJECT',
            from: 'pending',
            to: 'rejected',
            actorName: 'admin',
            reasonCode: 'requestDeclined',
            note: 'keep',
          },
        ],
      },
    })
  })

  it('a channel error on approval leaves the request pending and the money on the card', async () => {
    const c = await card({ balance: 300 })
    await call('cancel', { id: c.id, reasonCode: 'noLongerNeeded' })
    const [req] = await api.deps.db.select().from(cardRequests).where(eq(cardRequests.cardId, c.id))
    failNext = new ChannelError('unavailable', 'down')
    const res = await api.call(
      '/card-ops/cancel-requests/review',
      { id: req.id, decision: 'approve' },
      { token: admin },
    )
    expect(res.body.code).toBe(3060)
    expect((await statusOf(c.id)).status).toBe('cancelRequested')
    expect(await available(c.accountId)).toBe(300)
    const [still] = await api.deps.db.select().from(cardRequests).where(eq(cardRequests.id, req.id))
    expect([still.status, still.reviewedBy]).toEqual(['pending', null])
    const ok = await api.call(
      '/card-ops/cancel-requests/review',
      { id: req.id, decision: 'approve' },
      { token: admin },
    )
    expect(ok.body.data.cardStatus).toBe('cancelled')
    expect((await verifyLedger(api.deps.db)).ok).toBe(true)
  })
})

describe('administrator balance update', () => {
  it('− beyond available is refused; + waits for another person’s review, then moves', async () => {
    const c = await card({ balance: 1_000 })
    const f0 = await footprint()
    const over = await api.call(
      '/card-ops/balance-updates/save',
      { cardId: c.id, sign: '-', amount: 1_001, note: 'fix' },
      { token: companyAdmin },
    )
    expect(over.body.code).toBe(3052)
    expect(await footprint()).toEqual(f0)
    const asked = await api.call(
      '/card-ops/balance-updates/save',
      { cardId: c.id, sign: '+', amount: 250, note: 'missed refund' },
      { token: companyAdmin },
    )
    expect(asked.body.data.status).toBe('pending')
    const twice = await api.call(
      '/card-ops/balance-updates/save',
      { cardId: c.id, sign: '+', amount: 250, note: 'again' },
      { token: companyAdmin },
    )
    expect(twice.body.code).toBe(3065)
    const self = await api.call(
      '/card-ops/balance-updates/review',
      { id: asked.body.data.id, decision: 'approve' },
      { token: companyAdmin },
    )
    expect(self.body.code).toBe(2013)
    expect(await available(c.accountId)).toBe(1_000)
    const ok = await api.call(
      '/card-ops/balance-updates/review',
      { id: asked.body.data.id, decision: 'approve' },
      { token: admin },
    )
    expect(ok.body.data.status).toBe('approved')
    await api.call(
      '/card-ops/balance-updates/review',
      { id: asked.body.data.id, decision: 'approve' },
      { token: admin },
    )
    expect(await available(c.accountId)).toBe(1_250)
    const minus = await api.call(
      '/card-ops/balance-updates/save',
      { cardId: c.id, sign: '-', amount: 1_250, note: 'chargeback' },
      { token: admin },
    )
    // The card is spent meanwhile: approval is judged again on the card's balance.
    await call('withdraw', { id: c.id, amount: 100, requestId: 'bu-wd' })
    const short = await api.call(
      '/card-ops/balance-updates/review',
      { id: minus.body.data.id, decision: 'approve' },
      { token: companyAdmin },
    )
    expect(short.body.code).toBe(3052)
    expect(await available(c.accountId)).toBe(1_150)
    const rej = await api.call(
      '/card-ops/balance-updates/review',
      { id: minus.body.data.id, decision: 'reject', reasonCode: 'requestDeclined' },
      { token: companyAdmin },
    )
    expect(rej.body.data.status).toBe('rejected')
    expect((await verifyLedger(api.deps.db)).ok).toBe(true)
  })

  it('the merchant user and the auditor hold neither the request nor the review', async () => {
    const c = await card()
    for (const token of [merchantUser, auditor]) {
      const r = await api.call(
        '/card-ops/balance-updates/save',
        { cardId: c.id, sign: '+', amount: 1, note: 'x' },
        { token },
      )
      expect(r.status).toBe(403)
    }
  })
})

describe('review lists are scoped to the caller’s reach', () => {
  it('the company administrator and the merchant user see their own requests and nothing else', async () => {
    // A second tenant that neither the demo company nor its merchant user reaches.
    const [other] = await api.deps.db
      .insert(companies)
      .values({ name: 'Acme Issuing Co' })
      .returning()
    const [{ id: acme }] = await api.deps.db
      .insert(merchants)
      .values({ companyId: other.id, name: 'Acme Stores' })
      .returning()
    // One card per merchant: Skyline (the merchant user's), Lotus (the company
    // administrator's, not the merchant user's), Acme (neither's).
    const made: Record<string, { cancel: number; update: number; merchantId: number }> = {}
    for (const [name, merchantId] of [
      ['skyline', skyline],
      ['lotus', lotus],
      ['acme', acme],
    ] as const) {
      const c = await card({ merchantId, balance: 100 })
      const update = await api.call(
        '/card-ops/balance-updates/save',
        { cardId: c.id, sign: '+', amount: 5, note: `scope ${name}` },
        { token: admin },
      )
      expect(update.body.code).toBe(0)
      const cancel = await call('cancel', { id: c.id, reasonCode: 'noLongerNeeded' }, admin)
      expect(cancel.body.code).toBe(0)
      const [req] = await api.deps.db
        .select()
        .from(cardRequests)
        .where(and(eq(cardRequests.cardId, c.id), eq(cardRequests.kind, 'cancel')))
      made[name] = { cancel: req.id, update: update.body.data.id, merchantId }
    }
    const list = async (which: 'cancel-requests' | 'balance-updates', token: string) => {
      const res = await api.call(
        `/card-ops/${which}/list`,
        { filters: {}, pageSize: 200 },
        { token },
      )
      return res
    }
    const idsOf = (res: Awaited<ReturnType<typeof list>>) =>
      res.body.data.list.map((r: { id: number; merchantId: number }) => r)

    // The company administrator: Skyline's and Lotus's, never Acme's, in both lists.
    for (const [which, key] of [
      ['cancel-requests', 'cancel'],
      ['balance-updates', 'update'],
    ] as const) {
      const rows = idsOf(await list(which, companyAdmin))
      const ids = rows.map((r: { id: number }) => r.id)
      expect(ids).toEqual(expect.arrayContaining([made.skyline[key], made.lotus[key]]))
      expect(ids).not.toContain(made.acme[key])
      expect(rows.every((r: { merchantId: number }) => r.merchantId !== acme)).toBe(true)
      const outside = await api.call(
        `/card-ops/${which}/detail`,
        { id: made.acme[key] },
        { token: companyAdmin },
      )
      expect([outside.status, outside.body.code]).toEqual([404, 3056])
    }

    // The merchant user: its own cancellation only; the balance-update list is not its screen.
    const mine = idsOf(await list('cancel-requests', merchantUser))
    expect(mine.map((r: { id: number }) => r.id)).toContain(made.skyline.cancel)
    expect(mine.every((r: { merchantId: number }) => r.merchantId === skyline)).toBe(true)
    for (const other of [made.lotus.cancel, made.acme.cancel]) {
      const res = await api.call(
        '/card-ops/cancel-requests/detail',
        { id: other },
        { token: merchantUser },
      )
      expect([res.status, res.body.code]).toEqual([404, 3056])
    }
    expect((await list('balance-updates', merchantUser)).status).toBe(403)
  })
})

describe('reveal', () => {
  it('only for a user with the sensitive-fields toggle, audited with the reason, rate-limited', async () => {
    const c = await card()
    for (const token of [auditor, merchantUser, companyAdmin]) {
      const r = await call('reveal', { id: c.id, reason: 'x' }, token)
      expect(r.status).toBe(403)
    }
    const shown = await call('reveal', { id: c.id, reason: 'cardholder on the phone' }, admin)
    expect(shown.body.data).toMatchObject({ number: c.number, securityCode: c.securityCode })
    const [row] = await api.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'card.reveal'), eq(auditLog.target, `card:${c.id}`)))
    expect(row.detail).toMatchObject({ reason: 'cardholder on the phone' })
    expect(JSON.stringify(row)).not.toContain(c.number)
    // Without the toggle, even the administrator is refused.
    await api.deps.db
      .update(users)
      .set({ sensitiveVisible: false })
      .where(eq(users.loginName, 'admin'))
    const off = await call('reveal', { id: c.id, reason: 'x' }, await sessionFor(api, 'admin'))
    expect([off.status, off.body.code]).toEqual([403, 3061])
    await api.deps.db
      .update(users)
      .set({ sensitiveVisible: true })
      .where(eq(users.loginName, 'admin'))
    const fresh = await sessionFor(api, 'admin')
    let last = 0
    for (let i = 0; i < 10; i++)
      last = (await call('reveal', { id: c.id, reason: 'limit' }, fresh)).status
    expect(last).toBe(429)
  })
})

describe('card numbers in clear', () => {
  it('appear in no table and no log line after the operations and reveals above', async () => {
    expect(cardsMade.length).toBeGreaterThan(5)
    const rows = rowsOf<{ table_name: string }>(
      await api.deps.db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
      ),
    )
    expect(rows.length).toBeGreaterThan(20)
    let dump = ''
    for (const { table_name } of rows) {
      const all = rowsOf(await api.deps.db.execute(sql.raw(`select * from "${table_name}"`)))
      dump += JSON.stringify(all, (_k, v) =>
        typeof v === 'bigint'
          ? String(v)
          : v instanceof Uint8Array
            ? Buffer.from(v).toString('latin1')
            : v,
      )
    }
    dump += logged.join('\n')
    // The dump is real: it holds the cards' rows (their channel references), just not numbers.
    for (const c of cardsMade) expect(dump).toContain(c.channelCardRef)
    for (const c of cardsMade) expect(dump).not.toContain(c.number)
  })
})
