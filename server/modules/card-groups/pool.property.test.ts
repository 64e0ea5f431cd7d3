import fc from 'fast-check'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deliverDueCreations } from '../../channels/sandbox'
import { cardGroups, merchants } from '../../db/schema'
import { availableBalance } from '../../ledger/postings'
import { verifyLedger } from '../../ledger/verify'
import { createTestApi, type TestApi } from '../../testing/harness'
import { sessionFor } from '../../testing/sessions'
import { allocationRefusal, groupDecline, maxAllocation, poolFigures } from './pool'
import { poolAccount } from './queries'

/**
 * No sequence of operations lets a group's spending exceed its pool (docs/groups.md). First
 * the arithmetic alone over long random sequences, then the same operations through the real
 * API (authorisations over the signed webhook, clearing, reversal, refund, top-up, withdrawal,
 * limits, removal), checking the pool after every step and the ledger after every run.
 */

type Op =
  | { kind: 'auth'; card: number; amount: number }
  | { kind: 'clear'; pick: number; part: number }
  | { kind: 'reverse'; pick: number }
  | { kind: 'refund'; pick: number; part: number }
  | { kind: 'topUp'; amount: number }
  | { kind: 'withdraw'; amount: number }
  | { kind: 'limit'; card: number; amount: number }
  | { kind: 'remove'; card: number }

const amount = fc.integer({ min: 1, max: 6_000 })
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({ kind: fc.constant('auth' as const), card: fc.nat(2), amount }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('clear' as const),
      pick: fc.nat(),
      part: fc.integer({ min: 1, max: 100 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reverse' as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      pick: fc.nat(),
      part: fc.integer({ min: 1, max: 100 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('topUp' as const), amount }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('withdraw' as const), amount }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('limit' as const), card: fc.nat(2), amount }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), card: fc.nat(2) }) },
)

describe('group pool arithmetic (property)', () => {
  it('a model driven by the pure rules never spends beyond the pool nor breaks the allocation', () => {
    const rule = { maxCards: 3, floatingRatioBps: 5000 }
    fc.assert(
      fc.property(fc.array(op, { maxLength: 80 }), (ops) => {
        let deposit = 10_000
        let posted = 10_000
        let held = 0
        const limits = [6_000, 5_000, 4_000]
        const used = [0, 0, 0]
        const member = [true, true, true]
        const holds: { card: number; amount: number }[] = []
        const cleared: { card: number; amount: number }[] = []
        expect(allocationRefusal(rule, deposit, limits)).toBeNull()
        for (const o of ops) {
          const available = posted - held
          if (o.kind === 'auth' && member[o.card]) {
            const d = groupDecline(available, limits[o.card], used[o.card], o.amount)
            if (!d) {
              held += o.amount
              used[o.card] += o.amount
              holds.push({ card: o.card, amount: o.amount })
            }
          } else if ((o.kind === 'clear' || o.kind === 'reverse') && holds.length) {
            const [h] = holds.splice(o.pick % holds.length, 1)
            held -= h.amount
            if (o.kind === 'clear') {
              const part = Math.max(1, Math.floor((h.amount * o.part) / 100))
              posted -= part
              used[h.card] -= h.amount - part
              cleared.push({ card: h.card, amount: part })
            } else used[h.card] -= h.amount
          } else if (o.kind === 'refund' && cleared.length) {
            const c = cleared[o.pick % cleared.length]
            const part = Math.max(0, Math.floor((c.amount * o.part) / 100))
            c.amount -= part
            posted += part
          } else if (o.kind === 'topUp') {
            deposit += o.amount
            posted += o.amount
          } else if (o.kind === 'withdraw') {
            const counted = limits.filter((_, i) => member[i])
            if (o.amount <= available && !allocationRefusal(rule, deposit - o.amount, counted)) {
              deposit -= o.amount
              posted -= o.amount
            }
          } else if (o.kind === 'limit' && member[o.card] && o.amount >= used[o.card]) {
            const next = limits.map((l, i) => (i === o.card ? o.amount : l))
            if (
              !allocationRefusal(
                rule,
                deposit,
                next.filter((_, i) => member[i]),
              )
            ) {
              limits[o.card] = o.amount
            }
          } else if (o.kind === 'remove' && member[o.card]) {
            if (!holds.some((h) => h.card === o.card)) member[o.card] = false
          }
          const f = poolFigures({ deposit, posted, held })
          expect(f.available).toBeGreaterThanOrEqual(0)
          expect(f.spent + f.held).toBeLessThanOrEqual(deposit)
          const counted = limits.filter((_, i) => member[i])
          expect(counted.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(
            maxAllocation(deposit, rule.floatingRatioBps),
          )
        }
      }),
      { numRuns: 300 },
    )
  })
})

let api: TestApi
let merchant: string
let admin: string
let skyline: number
let binId: number
let holderId: number
let ruleId: number
let seq = 0
const rid = () => `prop-${++seq}`

beforeAll(async () => {
  api = await createTestApi()
  ;[admin, merchant] = await Promise.all(['admin', 'merchant.user'].map((n) => sessionFor(api, n)))
  skyline = (
    await api.deps.db.select().from(merchants).where(eq(merchants.name, 'Skyline Air Tickets'))
  )[0].id
  await api.call(
    '/channels/parameters/save',
    {
      channelCode: 'sandbox',
      operation: 'creationResult',
      latencyMs: 0,
      failurePercent: 0,
      failureKind: 'failed',
    },
    { token: admin },
  )
  const options = (
    await api.call<any>('/card/create/options', { merchantId: skyline }, { token: merchant })
  ).body.data
  binId = options.bins.find((b: { bin: string }) => b.bin === '41118800').id
  holderId = options.cardholders.find((h: { isDefault: boolean }) => h.isDefault).id
  ruleId = (
    await api.call<any>(
      '/card-rule/save',
      {
        name: 'Property',
        merchantId: skyline,
        floatingRatio: 50,
        warningThreshold: 10,
        maxCards: 3,
      },
      { token: merchant },
    )
  ).body.data.id
})
afterAll(async () => {
  await api.close()
})

describe('group pool through the API (property)', () => {
  it('spending never exceeds the pool, whatever the sequence', async () => {
    const call = (path: string, body: unknown) => api.call<any>(path, body, { token: merchant })
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 18 }), async (ops) => {
        const group = (
          await call('/card-group/create', {
            merchantId: skyline,
            ruleId,
            name: `P${seq}`,
            currency: 'SGD',
            deposit: 10_000,
            requestId: rid(),
          })
        ).body.data
        const added = await call('/card-group/cards/add', {
          groupId: group.id,
          cardBinId: binId,
          cardholderId: holderId,
          usageType: 'advertising',
          validityDays: 365,
          quantity: 3,
          cardLimit: 5_000,
          requestId: rid(),
        })
        expect(added.body.code).toBe(0)
        await deliverDueCreations(api.deps)
        const cards: number[] = added.body.data.cardIds
        const pending: number[] = []
        const cleared: number[] = []
        for (const o of ops) {
          if (o.kind === 'auth') {
            const res = await call('/cards/simulate/authorization', {
              cardId: cards[o.card],
              amount: o.amount,
              currency: 'SGD',
              merchantName: 'Prop shop',
              region: 'SG',
            })
            if (res.body.data?.outcome === 'approved') pending.push(res.body.data.transactionId)
          } else if ((o.kind === 'clear' || o.kind === 'reverse') && pending.length) {
            const [id] = pending.splice(o.pick % pending.length, 1)
            if (o.kind === 'clear') {
              await call('/cards/simulate/clearing', { transactionId: id })
              cleared.push(id)
            } else await call('/cards/simulate/reversal', { transactionId: id })
          } else if (o.kind === 'refund' && cleared.length) {
            await call('/cards/simulate/refund', {
              transactionId: cleared[o.pick % cleared.length],
              amount: o.part,
            })
          } else if (o.kind === 'topUp' || o.kind === 'withdraw') {
            await call(`/card-group/${o.kind === 'topUp' ? 'top-up' : 'withdraw'}`, {
              id: group.id,
              amount: o.amount,
              requestId: rid(),
            })
          } else if (o.kind === 'limit') {
            await call('/card-group/cards/limit', {
              groupId: group.id,
              cardIds: [cards[o.card]],
              cardLimit: o.amount,
            })
          } else if (o.kind === 'remove') {
            await call('/card-group/cards/remove', { groupId: group.id, cardIds: [cards[o.card]] })
          }
          // After every step: the pool never below zero; spent + held never above the deposit;
          // the cards' limits within the rule; no answer a 5xx.
          const row = (await call('/card-group/detail', { id: group.id })).body.data
          const [g] = await api.deps.db.select().from(cardGroups).where(eq(cardGroups.id, group.id))
          const pool = (await poolAccount(api.deps.db, group.id, 'SGD'))!
          expect(availableBalance(pool)).toBeGreaterThanOrEqual(0)
          expect(row.available).toBe(availableBalance(pool))
          expect(row.spent + row.held).toBeLessThanOrEqual(g.deposit)
          expect(row.allocated).toBeLessThanOrEqual(maxAllocation(g.deposit, 5000))
        }
        expect((await verifyLedger(api.deps.db)).mismatches).toEqual([])
      }),
      { numRuns: 8 },
    )
  }, 240_000)
})
