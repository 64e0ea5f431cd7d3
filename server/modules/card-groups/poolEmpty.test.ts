import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deliverDueCreations } from '../../channels/sandbox'
import { cardTransactions, ledgerHolds, merchants } from '../../db/schema'
import { verifyLedger } from '../../ledger/verify'
import { createTestApi, type TestApi } from '../../testing/harness'
import { sessionFor } from '../../testing/sessions'
import { groupDecline } from './pool'

/**
 * "Group pool empty" (docs/groups.md), deterministically: a group card never spends more than
 * the pool holds, whatever its limits, and the pool is judged before the card's limit in the
 * group. Exactly what the pool holds is approved; a minor unit more is declined with the reason
 * and holds nothing. (pool.property.test.ts explores random sequences; this pins the boundary.)
 */

describe('groupDecline (the pure rule)', () => {
  it('approves up to the pool exactly, and declines beyond it before any limit', () => {
    // Pool 2,000; the card may spend 5,000 in the group.
    expect(groupDecline(2_000, 5_000, 0, 2_000)).toBeNull()
    expect(groupDecline(2_000, 5_000, 0, 2_001)).toBe('groupPoolEmpty')
    // Beyond the pool and beyond the card's limit: the pool speaks first.
    expect(groupDecline(2_000, 1_000, 0, 3_000)).toBe('groupPoolEmpty')
    expect(groupDecline(0, 1_000, 0, 1)).toBe('groupPoolEmpty')
    // Within the pool: the card's limit in the group, at its boundary.
    expect(groupDecline(5_000, 1_000, 500, 500)).toBeNull()
    expect(groupDecline(5_000, 1_000, 500, 501)).toBe('overLimitLifetime')
  })
})

let api: TestApi
let merchant: string
let skyline: number
let seq = 0
const rid = () => `pool-empty-${++seq}`
type Row = Record<string, any>
const call = (path: string, body: unknown, token = merchant) => api.call<any>(path, body, { token })

beforeAll(async () => {
  api = await createTestApi()
  const admin = await sessionFor(api, 'admin')
  merchant = await sessionFor(api, 'merchant.user')
  const rows = await api.deps.db.select().from(merchants)
  skyline = rows.find((m) => m.name === 'Skyline Air Tickets')!.id
  // Creation results at once; no failures.
  await call(
    '/channels/parameters/save',
    {
      channelCode: 'sandbox',
      operation: 'creationResult',
      latencyMs: 0,
      failurePercent: 0,
      failureKind: 'failed',
    },
    admin,
  )
})
afterAll(async () => {
  expect((await verifyLedger(api.deps.db)).mismatches).toEqual([])
  await api.close()
})

describe('a group card through the API', () => {
  it('declines beyond the pool with "group pool empty", holding nothing; exactly the pool is approved', async () => {
    // Two cards of 50.00 over a deposit of 50.00 (a 100 % floating ratio allows it).
    const rule = await call('/card-rule/save', {
      name: 'Pool edge',
      floatingRatio: 100,
      warningThreshold: 0,
      maxCards: 2,
      merchantId: skyline,
    })
    expect(rule.body.code).toBe(0)
    const group = await call('/card-group/create', {
      merchantId: skyline,
      ruleId: rule.body.data.id,
      name: 'Pool edge group',
      currency: 'SGD',
      deposit: 50_00,
      requestId: rid(),
    })
    expect(group.body.code).toBe(0)
    const groupId = group.body.data.id as number
    const options = await call('/card/create/options', { merchantId: skyline })
    const add = await call('/card-group/cards/add', {
      groupId,
      cardBinId: (options.body.data.bins as Row[]).find((b) => b.bin === '41118800')!.id,
      cardholderId: (options.body.data.cardholders as Row[]).find((h) => h.isDefault)!.id,
      alias: 'Edge',
      usageType: 'advertising',
      validityDays: 365,
      quantity: 2,
      cardLimit: 50_00,
      requestId: rid(),
    })
    expect(add.body.code).toBe(0)
    await deliverDueCreations(api.deps)
    const [a, b] = ((await call('/card-group/cards', { id: groupId })).body.data as Row[]).map(
      (m) => m.cardId as number,
    )
    const authorise = async (cardId: number, amount: number) => {
      const res = await call('/cards/simulate/authorization', {
        cardId,
        amount,
        currency: 'SGD',
        merchantName: 'Pool Edge Shop',
        region: 'SG',
      })
      expect(res.status).toBe(200)
      return res.body.data as { outcome: string; reason?: string; transactionId: number }
    }
    const pool = async () => (await call('/card-group/detail', { id: groupId })).body.data as Row
    const holdCount = async () => (await api.deps.db.select().from(ledgerHolds)).length

    expect((await authorise(a, 40_00)).outcome).toBe('approved')
    expect(await pool()).toMatchObject({ held: 40_00, available: 10_00 })
    const holds = await holdCount()

    // Card b may spend 50.00 by its limit; the pool holds 10.00.
    for (const amount of [10_01, 60_00]) {
      const declined = await authorise(b, amount)
      expect(declined, `${amount}`).toMatchObject({
        outcome: 'declined',
        reason: 'groupPoolEmpty',
      })
      const [row] = await api.deps.db
        .select()
        .from(cardTransactions)
        .where(eq(cardTransactions.id, declined.transactionId))
      expect(row).toMatchObject({
        status: 'rejected',
        result: 'groupPoolEmpty',
        declineReason: 'groupPoolEmpty',
        holdId: null,
      })
      expect(await pool()).toMatchObject({ held: 40_00, available: 10_00 })
      expect(await holdCount()).toBe(holds)
    }
    const desc = await call('/common/queryDesc', { codes: ['decline_reason'] })
    expect(desc.body.data.decline_reason.groupPoolEmpty).toBe('Shared group pool empty')

    expect((await authorise(b, 10_00)).outcome).toBe('approved')
    expect(await pool()).toMatchObject({ held: 50_00, available: 0 })
    expect(await authorise(a, 1)).toMatchObject({ outcome: 'declined', reason: 'groupPoolEmpty' })
  })
})
