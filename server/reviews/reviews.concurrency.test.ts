import { and, count, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  cardRequests,
  ledgerAccounts,
  ledgerEntries,
  ledgerHolds,
  merchants,
  reviewDecisions,
  reviewTransitions,
  sandboxCards,
} from '../db/schema'
import type { Db } from '../db/client'
import { BizError } from '../http/errors'
import { CardOpsRules } from '../modules/card-ops/rules'
import { decideOnce, STALE_CLAIM_SECONDS, type Claim } from './claim'
import { availableBalance } from '../ledger/postings'
import { verifyLedger } from '../ledger/verify'
import { makeCard } from '../testing/cardFixtures'
import { countSandboxCalls, slowSandbox } from '../testing/channelCalls'
import { createTestApi, type CallResult, type TestApi } from '../testing/harness'
import { sessionFor, sessionForTwin } from '../testing/sessions'

/**
 * Issue 17, item 1: every review of the product decides once, whatever arrives at the same
 * moment. For each of the five reviews: (a) one reviewer sends the same approval twice at
 * once → both answers are the first decision's, and the money moves once (ledger, and for
 * the card reviews the sandbox card and the channel calls); (b) two reviewers approve at once
 * → one decision goes through, the other is refused, the money moves once. The calls go
 * through the app in parallel (`Promise.all`), against the real sandbox issuer with a latency
 * so the first call is still at the channel when its copy arrives; run on PostgreSQL too.
 */

let api: TestApi
const tokens: Record<string, string> = {}
let skyline: number
/** Every call the platform makes to the sandbox issuer. */
let channel: ReturnType<typeof countSandboxCalls>

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='

const calls = (op: string, ref: string) => channel.count(op, ref)

async function merchantAvailable(merchantId = skyline) {
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
  return { posted: a.creditsPosted - a.debitsPosted, available: availableBalance(a) }
}

async function accountAvailable(accountId: number) {
  const [a] = await api.deps.db
    .select()
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, accountId))
  return availableBalance(a)
}

async function sandboxBalance(cardRef: string) {
  const [row] = await api.deps.db
    .select()
    .from(sandboxCards)
    .where(eq(sandboxCards.cardRef, cardRef))
  return row.balance
}

/** Ledger entries and holds whose request id starts with `prefix`. */
async function ledgerRows(prefix: string) {
  const entries = await api.deps.db
    .select({ n: count() })
    .from(ledgerEntries)
    .where(like(ledgerEntries.requestId, `${prefix}%`))
  const holds = await api.deps.db
    .select({ n: count() })
    .from(ledgerHolds)
    .where(like(ledgerHolds.requestId, `${prefix}%`))
  return { entries: Number(entries[0].n), holds: Number(holds[0].n) }
}

/**
 * The history steps the review service wrote for an item: exactly one decision each, which
 * also shows the decision went through the one service (nothing else writes this table).
 */
async function decisionSteps(subject: 'account-request' | 'card-request', itemId: number) {
  const rows = await api.deps.db
    .select({ event: reviewTransitions.event })
    .from(reviewTransitions)
    .where(and(eq(reviewTransitions.subject, subject), eq(reviewTransitions.itemId, itemId)))
  return rows.map((r) => r.event)
}

const both = (path: string, body: unknown, first: string, second: string) =>
  Promise.all([
    api.call(path, body, { token: tokens[first] }),
    api.call(path, body, { token: tokens[second] }),
  ])

/** Exactly one answer went through; the other is `refusal` (status 422). */
function oneWent(answers: CallResult[], refusals: number[]) {
  const codes = answers.map((a) => a.body.code)
  expect(codes.filter((c) => c === 0)).toHaveLength(1)
  const refused = answers.find((a) => a.body.code !== 0)!
  expect(refused.status).toBe(422)
  expect(refusals).toContain(refused.body.code)
}

beforeAll(async () => {
  api = await createTestApi()
  channel = countSandboxCalls()
  for (const u of ['admin', 'company.admin', 'merchant.user']) {
    tokens[u] = await sessionFor(api, u)
  }
  // A second platform administrator: the makers of adjustments and balance updates need two
  // other people able to review them.
  tokens['admin.two'] = await sessionForTwin(api, 'admin', 'admin.two')
  const [m] = await api.deps.db
    .select()
    .from(merchants)
    .where(eq(merchants.name, 'Skyline Air Tickets'))
  skyline = m.id
  // The sandbox answers money calls after 30 ms: the first approval is still at the channel
  // when its copy arrives.
  const card = await makeCard(api.deps, {})
  await slowSandbox(api.deps.db, card.channelId, ['topUp', 'withdraw', 'cancel'], 30)
}, 120_000)
afterAll(async () => {
  channel.restore()
  await api.close()
})

describe('accounts reviews (deposit, withdrawal, adjustment)', () => {
  const review = '/accounts/transactions/review'

  async function deposit(amount: number) {
    const r = await api.call(
      '/accounts/transactions/save',
      {
        kind: 'deposit',
        currency: 'USD',
        amount,
        reference: 'WIRE-CC',
        proof: { name: 'w.png', contentType: 'image/png', data: PNG },
      },
      { token: tokens['merchant.user'] },
    )
    expect(r.body.code).toBe(0)
    return r.body.data.id as number
  }
  async function withdrawal(amount: number) {
    const r = await api.call(
      '/accounts/transactions/save',
      { kind: 'withdrawal', currency: 'USD', amount, beneficiary: 'OCBC 1' },
      { token: tokens['merchant.user'] },
    )
    expect(r.body.code).toBe(0)
    return r.body.data.id as number
  }
  async function adjustment(amount: number) {
    const r = await api.call(
      '/accounts/transactions/updateBalance',
      { merchantId: skyline, currency: 'USD', sign: '+', amount, reason: 'fee refund' },
      { token: tokens['admin.two'] },
    )
    expect(r.body.code).toBe(0)
    return r.body.data.id as number
  }

  for (const [kind, make, delta] of [
    ['deposit', deposit, (a: number) => ({ posted: a, available: a })],
    // A withdrawal was held when asked: approval moves posted, available already dropped.
    ['withdrawal', withdrawal, (a: number) => ({ posted: -a, available: 0 })],
    ['adjustment', adjustment, (a: number) => ({ posted: a, available: a })],
  ] as const) {
    it(`${kind}: the same approval twice at once answers the first decision; money moves once`, async () => {
      const id = await make(1_234_00)
      const before = await merchantAvailable()
      const body = { requestId: id, decision: 'approve', reasonCode: 'verified', note: 'ok' }
      const [a, b] = await both(review, body, 'admin', 'admin')
      expect([a.body.code, b.body.code]).toEqual([0, 0])
      expect(a.body.data.status).toBe('success')
      // Both are the one decision: one approval in the history, the same answer.
      expect(b.body.data).toEqual(a.body.data)
      expect(a.body.data.review.history.map((h: { event: string }) => h.event)).toEqual([
        'SUBMIT',
        'APPROVE',
      ])
      expect((await ledgerRows(`account-request-${id}`)).entries).toBe(1)
      expect(await decisionSteps('account-request', id)).toEqual(['APPROVE'])
      const after = await merchantAvailable()
      const d = delta(1_234_00)
      expect(after).toEqual({
        posted: before.posted + d.posted,
        available: before.available + d.available,
      })
    })

    it(`${kind}: two reviewers approving at once — one decision, the other refused (2012)`, async () => {
      const id = await make(777_00)
      const before = await merchantAvailable()
      const body = { requestId: id, decision: 'approve', reasonCode: 'verified', note: '' }
      const answers = await both(review, body, 'admin', 'company.admin')
      oneWent(answers, [2012])
      expect((await ledgerRows(`account-request-${id}`)).entries).toBe(1)
      expect(await decisionSteps('account-request', id)).toEqual(['APPROVE'])
      const d = delta(777_00)
      expect(await merchantAvailable()).toEqual({
        posted: before.posted + d.posted,
        available: before.available + d.available,
      })
    })
  }
})

describe('card reviews (balance update, cancellation)', () => {
  async function balanceUpdate(cardId: number, amount: number, maker = 'admin.two') {
    const r = await api.call(
      '/card-ops/balance-updates/save',
      { cardId, sign: '+', amount, note: 'missed refund' },
      { token: tokens[maker] },
    )
    expect(r.body.code).toBe(0)
    return r.body.data.id as number
  }

  it('balance update: the same approval twice at once answers the first; card, sandbox and channel move once', async () => {
    const card = await makeCard(api.deps, { balance: 1_000, atSandbox: true })
    const id = await balanceUpdate(card.id, 1_234)
    const body = { id, decision: 'approve' }
    const [a, b] = await both('/card-ops/balance-updates/review', body, 'admin', 'admin')
    expect([a.body.code, b.body.code]).toEqual([0, 0])
    expect(a.body.data).toMatchObject({ id, status: 'approved' })
    expect(b.body.data).toEqual(a.body.data)
    expect(await accountAvailable(card.accountId)).toBe(2_234)
    expect(await sandboxBalance(card.channelCardRef)).toBe(2_234)
    expect(calls('topUp', card.channelCardRef)).toBe(1)
    expect(await ledgerRows(`card-request:${id}:`)).toEqual({ entries: 1, holds: 1 })
    expect(await decisionSteps('card-request', id)).toEqual(['APPROVE'])
  })

  it('balance update: two reviewers approving at once — one decision, the other refused', async () => {
    const card = await makeCard(api.deps, { balance: 1_000, atSandbox: true })
    const id = await balanceUpdate(card.id, 500)
    const answers = await both(
      '/card-ops/balance-updates/review',
      { id, decision: 'approve' },
      'admin',
      'company.admin',
    )
    // 3063 while the other is at the channel, 3057 once it decided.
    oneWent(answers, [3063, 3057])
    expect(await accountAvailable(card.accountId)).toBe(1_500)
    expect(await sandboxBalance(card.channelCardRef)).toBe(1_500)
    expect(calls('topUp', card.channelCardRef)).toBe(1)
    const [req] = await api.deps.db.select().from(cardRequests).where(eq(cardRequests.id, id))
    expect(req.status).toBe('approved')
    expect(await decisionSteps('card-request', id)).toEqual(['APPROVE'])
  })

  it('balance update: ten approvals by two reviewers at once post +amount once', async () => {
    const card = await makeCard(api.deps, { balance: 0, atSandbox: true })
    const id = await balanceUpdate(card.id, 1_234)
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        api.call(
          '/card-ops/balance-updates/review',
          { id, decision: 'approve' },
          { token: tokens[i % 2 ? 'company.admin' : 'admin'] },
        ),
      ),
    )
    const ok = answers.filter((a) => a.body.code === 0)
    // Every success is the one decision (the winner and its own copies).
    expect(new Set(ok.map((a) => a.body.data.entryId)).size).toBe(1)
    for (const a of answers.filter((x) => x.body.code !== 0)) {
      expect([a.status, [3063, 3057].includes(a.body.code)]).toEqual([422, true])
    }
    expect(await accountAvailable(card.accountId)).toBe(1_234)
    expect(await sandboxBalance(card.channelCardRef)).toBe(1_234)
    expect(calls('topUp', card.channelCardRef)).toBe(1)
    expect(await decisionSteps('card-request', id)).toEqual(['APPROVE'])
  })

  async function cancelRequest(balance: number) {
    const card = await makeCard(api.deps, { balance, atSandbox: true })
    const asked = await api.call(
      '/card-ops/cancel',
      { id: card.id, reasonCode: 'noLongerNeeded' },
      { token: tokens['merchant.user'] },
    )
    expect(asked.body.code).toBe(0)
    const [req] = await api.deps.db
      .select()
      .from(cardRequests)
      .where(eq(cardRequests.cardId, card.id))
    return { card, id: req.id }
  }

  it('cancellation: the same approval twice at once answers the first; the balance returns once', async () => {
    const { card, id } = await cancelRequest(4_321)
    const m0 = await merchantAvailable()
    const [a, b] = await both(
      '/card-ops/cancel-requests/review',
      { id, decision: 'approve' },
      'admin',
      'admin',
    )
    expect([a.body.code, b.body.code]).toEqual([0, 0])
    expect(a.body.data).toMatchObject({ id, status: 'approved', cardStatus: 'cancelled' })
    expect(b.body.data).toEqual(a.body.data)
    expect((await merchantAvailable()).available).toBe(m0.available + 4_321)
    expect(await accountAvailable(card.accountId)).toBe(0)
    expect(calls('cancel', card.channelCardRef)).toBe(1)
    expect(await ledgerRows(`card-request:${id}:`)).toEqual({ entries: 1, holds: 1 })
    expect(await decisionSteps('card-request', id)).toEqual(['APPROVE'])
  })

  it('cancellation: two reviewers approving at once — one decision, the other refused', async () => {
    const { card, id } = await cancelRequest(999)
    const m0 = await merchantAvailable()
    const answers = await both(
      '/card-ops/cancel-requests/review',
      { id, decision: 'approve' },
      'admin',
      'company.admin',
    )
    oneWent(answers, [3063, 3057])
    expect((await merchantAvailable()).available).toBe(m0.available + 999)
    expect(calls('cancel', card.channelCardRef)).toBe(1)
    expect(await ledgerRows(`card-request:${id}:`)).toEqual({ entries: 1, holds: 1 })
    expect(await decisionSteps('card-request', id)).toEqual(['APPROVE'])
  })

  it('an approval and a rejection at once: one decision', async () => {
    const card = await makeCard(api.deps, { balance: 100, atSandbox: true })
    const id = await balanceUpdate(card.id, 50)
    const answers = await Promise.all([
      api.call(
        '/card-ops/balance-updates/review',
        { id, decision: 'approve' },
        { token: tokens.admin },
      ),
      api.call(
        '/card-ops/balance-updates/review',
        { id, decision: 'reject', reasonCode: 'requestDeclined' },
        { token: tokens['company.admin'] },
      ),
    ])
    oneWent(answers, [3063, 3057])
    const [req] = await api.deps.db.select().from(cardRequests).where(eq(cardRequests.id, id))
    const moved = req.status === 'approved' ? 50 : 0
    expect(await accountAvailable(card.accountId)).toBe(100 + moved)
    expect(await sandboxBalance(card.channelCardRef)).toBe(100 + moved)
    expect(await decisionSteps('card-request', id)).toEqual([
      req.status === 'approved' ? 'APPROVE' : 'REJECT',
    ])
  })

  it('the ledger verifies after all of it', async () => {
    expect((await verifyLedger(api.deps.db)).ok).toBe(true)
  })
})

describe('the claim itself (server/reviews/claim.ts)', () => {
  const rules = { decided: CardOpsRules.requestReviewed, deciding: CardOpsRules.inProgress }
  const spec = (itemId: number, reviewerId: number) => ({
    db: api.deps.db,
    clock: api.deps.clock,
    subject: 'card-request' as const,
    itemId,
    reviewerId,
    decision: 'approve' as const,
    rules,
    firstAnswer: async () => 'first answer',
  })
  const settleIn = (claim: Claim) => api.deps.db.transaction((tx) => claim.settle(tx))

  /**
   * The test database, for a call that must be answered from one look at the claim's holder.
   * Looking again is waiting for the holder to finish, which only the same reviewer's identical
   * call may do: the second look fails at once, saying so, where a wrongly waiting call would
   * otherwise be answered (or time the test out) only when its 30 s wait ran out (issue 25,
   * finding 8e).
   */
  function lookingOnce(db: Db): Db {
    let looks = 0
    return new Proxy(db, {
      get(target, prop) {
        if (prop === 'select' && ++looks > 1) {
          throw new Error('the call waited for the claim holder instead of being refused')
        }
        const value: unknown = Reflect.get(target, prop, target)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
  }

  it('while a claim is held, another reviewer, or the same one the other way, is refused at once (3063)', async () => {
    let claimed: () => void = () => {}
    const held = new Promise<void>((resolve) => (claimed = resolve))
    let finish: () => void = () => {}
    const first = decideOnce(spec(900_003, 1), async (claim) => {
      claimed()
      await new Promise<void>((resolve) => (finish = resolve))
      await settleIn(claim)
      return 'first decision'
    })
    await held
    for (const other of [spec(900_003, 2), { ...spec(900_003, 1), decision: 'reject' as const }]) {
      const second = decideOnce({ ...other, db: lookingOnce(api.deps.db) }, async () => 'second')
      await expect(second).rejects.toMatchObject({ rule: CardOpsRules.inProgress })
    }
    // The first claim was held all along: it settles, and the item is decided its way.
    finish()
    expect(await first).toBe('first decision')
    const late = decideOnce({ ...spec(900_003, 2), db: lookingOnce(api.deps.db) }, async () => 'x')
    await expect(late).rejects.toMatchObject({ rule: CardOpsRules.requestReviewed })
  })

  it('a failed attempt releases the claim; the next takes it with the next attempt number', async () => {
    const failed = decideOnce(spec(900_001, 1), async () => {
      throw new BizError(CardOpsRules.channelUnavailable)
    })
    await expect(failed).rejects.toMatchObject({ rule: CardOpsRules.channelUnavailable })
    const next = await decideOnce(spec(900_001, 2), async (claim) => {
      await settleIn(claim)
      return claim.operationId
    })
    expect(next).toBe('card-request:900001:2')
    // Decided: the same reviewer's identical call answers the first; anyone else is refused.
    expect(await decideOnce(spec(900_001, 2), async () => 'again')).toBe('first answer')
    await expect(decideOnce(spec(900_001, 1), async () => 'other')).rejects.toMatchObject({
      rule: CardOpsRules.requestReviewed,
    })
  })

  it('a claim left by a process that died is taken over once it is stale; the old attempt can no longer settle', async () => {
    let orphan: Claim | null = null
    // The "dead" attempt: it claims and never finishes (its promise is left pending).
    let finish: () => void = () => {}
    const dead = decideOnce(spec(900_002, 1), async (claim) => {
      orphan = claim
      await new Promise<void>((resolve) => (finish = resolve))
      return 'never'
    })
    await expect
      .poll(async () => {
        const [row] = await api.deps.db
          .select()
          .from(reviewDecisions)
          .where(eq(reviewDecisions.itemId, 900_002))
        return row?.status
      })
      .toBe('deciding')
    const meanwhile = decideOnce(
      { ...spec(900_002, 2), db: lookingOnce(api.deps.db) },
      async () => 'x',
    )
    await expect(meanwhile).rejects.toMatchObject({ rule: CardOpsRules.inProgress })
    api.clock.advance(STALE_CLAIM_SECONDS + 1)
    const taken = await decideOnce(spec(900_002, 2), async (claim) => {
      await settleIn(claim)
      return claim.operationId
    })
    expect(taken).toBe('card-request:900002:2')
    await expect(settleIn(orphan!)).rejects.toMatchObject({ rule: CardOpsRules.inProgress })
    finish()
    await expect(dead).rejects.toThrow('a review decision must settle its claim')
  })
})
