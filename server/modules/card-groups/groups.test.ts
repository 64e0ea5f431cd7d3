import { and, count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deliverDueCreations } from '../../channels/sandbox'
import {
  cardGroupRules,
  cardGroups,
  cards,
  ledgerEntries,
  merchants,
  sendRecords,
} from '../../db/schema'
import { verifyLedger } from '../../ledger/verify'
import { makeCard } from '../../testing/cardFixtures'
import { createTestApi, type TestApi } from '../../testing/harness'
import { sessionFor } from '../../testing/sessions'
import { merchantBalance } from '../../ledger/accounts'

/**
 * Shared card rules and groups through the API (docs/groups.md): rule visibility and levels,
 * the in-use lock, group creation with its deposit, the allocation rules, the pool as the limit
 * of spending ("group pool empty"), the warning e-mail once per crossing, top-up, withdrawal,
 * moving cards in and out. The ledger verifies afterwards.
 */
let api: TestApi
let admin: string
let merchant: string
let company: string
let auditor: string
let skyline: number
let lotus: number
let blue: number
let seq = 0
const rid = () => `grp-${++seq}`

type Row = Record<string, any>

const call = (path: string, body: unknown, token = merchant, lang?: string) =>
  api.call<any>(path, body, { token, lang })

async function sgdAvailable(merchantId = skyline) {
  const a = (await merchantBalance(api.deps.db, merchantId, 'SGD'))!
  return a.creditsPosted - a.debitsPosted - a.debitsPending
}

async function saveRule(body: Row, token = merchant, lang?: string) {
  return call(
    '/card-rule/save',
    { floatingRatio: 10, warningThreshold: 20, maxCards: 5, merchantId: skyline, ...body },
    token,
    lang,
  )
}

async function ruleNames(token: string) {
  const res = await call('/card-rule/list', { pageNum: 1, pageSize: 200 }, token)
  expect(res.status).toBe(200)
  return (res.body.data.list as Row[]).map((r) => r.name as string)
}

async function newGroup(ruleId: number, deposit: number, name = `G${seq}`) {
  const res = await call('/card-group/create', {
    merchantId: skyline,
    ruleId,
    name,
    currency: 'SGD',
    deposit,
    requestId: rid(),
  })
  expect(res.body.code).toBe(0)
  return res.body.data as Row
}

async function groupRow(id: number, token = merchant) {
  return (await call('/card-group/detail', { id }, token)).body.data as Row
}

/** Issues cards into a group and lets the sandbox create them (results delivered now). */
async function addCards(groupId: number, quantity: number, cardLimit: number) {
  const res = await call('/card-group/cards/add', {
    groupId,
    cardBinId: sgdBinId,
    cardholderId: holderId,
    alias: 'Team',
    usageType: 'advertising',
    validityDays: 365,
    quantity,
    cardLimit,
    requestId: rid(),
  })
  if (res.body.code !== 0) return res
  await deliverDueCreations(api.deps)
  return res
}

let sgdBinId: number
let holderId: number

async function authorise(cardId: number, amount: number) {
  const res = await call('/cards/simulate/authorization', {
    cardId,
    amount,
    currency: 'SGD',
    merchantName: 'Changi Travel',
    region: 'SG',
  })
  expect(res.status).toBe(200)
  return res.body.data as { outcome: string; reason?: string; transactionId: number }
}

beforeAll(async () => {
  api = await createTestApi()
  ;[admin, merchant, company, auditor] = await Promise.all(
    ['admin', 'merchant.user', 'company.admin', 'auditor'].map((n) => sessionFor(api, n)),
  )
  const rows = await api.deps.db.select().from(merchants)
  skyline = rows.find((m) => m.name === 'Skyline Air Tickets')!.id
  lotus = rows.find((m) => m.name === 'Lotus Car Rental')!.id
  blue = rows.find((m) => m.name === 'Blue Harbor Hotels')!.id
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
  const options = await call('/card/create/options', { merchantId: skyline })
  sgdBinId = (options.body.data.bins as Row[]).find((b) => b.bin === '41118800')!.id
  holderId = (options.body.data.cardholders as Row[]).find((h) => h.isDefault)!.id
})
afterAll(async () => {
  expect((await verifyLedger(api.deps.db)).mismatches).toEqual([])
  await api.close()
})

describe('rules', () => {
  it('shows each caller the rules in its reach: own, and platform rules visible to it', async () => {
    expect(await ruleNames(admin)).toEqual(
      expect.arrayContaining(['Standard shared rule', 'Skyline travel desk']),
    )
    expect(await ruleNames(merchant)).toEqual(
      expect.arrayContaining(['Standard shared rule', 'Skyline travel desk']),
    )
    // A merchant rule of Lotus's is not Skyline's to see; the company sees both merchants'.
    const lotusRule = await saveRule({ name: 'Lotus fleet', merchantId: lotus }, company)
    expect(lotusRule.body.code).toBe(0)
    expect(await ruleNames(merchant)).not.toContain('Lotus fleet')
    expect(await ruleNames(company)).toContain('Lotus fleet')
    // merchant.user cannot save for another merchant, nor a platform rule.
    const other = await saveRule({ name: 'Not mine', merchantId: lotus })
    expect(other.body).toMatchObject({ code: 3103 })
    const platform = await saveRule({ name: 'Mine for all', merchantId: null })
    expect(platform.status).toBe(403)
    expect(platform.body.code).toBe(3102)
    expect((await saveRule({ name: 'Read only' }, auditor)).status).toBe(403)
  })

  it('validates its fields with the spec messages', async () => {
    const res = await saveRule({ name: '', floatingRatio: -1, warningThreshold: 101, maxCards: 0 })
    expect(res.status).toBe(400)
    const fields = (res.body.data.fieldErrors as Row[]).map((f) => f.field).sort()
    expect(fields).toEqual(['floatingRatio', 'maxCards', 'name', 'warningThreshold'])
    expect((await saveRule({ name: 'x', floatingRatio: 1.234 })).status).toBe(400)
  })

  it('platform rules reach only the companies and merchants they are made visible to', async () => {
    const made = await saveRule({ name: 'Partners only', merchantId: null }, admin)
    expect(made.body.code).toBe(0)
    const id = made.body.data.id
    expect(await ruleNames(merchant)).not.toContain('Partners only')
    const toLotus = await call(
      '/card-rule/visibility/save',
      { id, companyIds: [], merchantIds: [lotus] },
      admin,
    )
    expect(toLotus.body.data).toMatchObject({ companyIds: [], merchantIds: [lotus] })
    expect(await ruleNames(merchant)).not.toContain('Partners only')
    await call('/card-rule/visibility/save', { id, companyIds: [], merchantIds: [skyline] }, admin)
    expect(await ruleNames(merchant)).toContain('Partners only')
    // The merchant user sees it but may not change it or its visibility.
    const edit = await saveRule({ id, name: 'Changed', merchantId: null })
    expect(edit.body.code).toBe(3102)
    const vis = await call('/card-rule/visibility/save', { id, companyIds: [], merchantIds: [] })
    expect(vis.status).toBe(403)
    // Visibility is for platform rules; an unknown company changes nothing.
    const own = (await saveRule({ name: 'Own one' })).body.data.id
    expect(
      (
        await call(
          '/card-rule/visibility/save',
          { id: own, companyIds: [], merchantIds: [] },
          admin,
        )
      ).body.code,
    ).toBe(3105)
    const unknown = await call(
      '/card-rule/visibility/save',
      { id, companyIds: [999_999], merchantIds: [] },
      admin,
    )
    expect(unknown.body.code).toBe(3106)
    expect((await call('/card-rule/visibility', { id }, admin)).body.data.merchantIds).toEqual([
      skyline,
    ])
  })

  it('a refused save or delete of a platform rule leaves no trace, not even a row lock', async () => {
    // A row lock sets the row's xmax (PostgreSQL and PGlite alike), even when rolled back.
    const lockMark = async (id: number) => {
      const res = (await api.deps.db.execute(
        sql`select xmax::text as x from ${cardGroupRules} where ${cardGroupRules.id} = ${id}`,
      )) as unknown as { rows: { x: string }[] }
      return res.rows[0].x
    }
    const seen = (await saveRule({ name: 'Seen, not mine', merchantId: null }, admin)).body.data
    await call(
      '/card-rule/visibility/save',
      { id: seen.id, companyIds: [], merchantIds: [skyline] },
      admin,
    )
    const hidden = (await saveRule({ name: 'Not even seen', merchantId: null }, admin)).body.data
    const before = [await lockMark(seen.id), await lockMark(hidden.id)]
    const del = await call('/card-rule/delete', { ids: [seen.id] })
    expect(del.status).toBe(403)
    expect(del.body.code).toBe(3102)
    const edit = await saveRule({ id: seen.id, name: 'Changed', merchantId: null })
    expect(edit.body.code).toBe(3102)
    // Out of reach answers like a missing id and locks nothing either.
    const out = await call('/card-rule/delete', { ids: [seen.id, hidden.id] })
    expect(out.status).toBe(404)
    expect(out.body.code).toBe(3100)
    expect([await lockMark(seen.id), await lockMark(hidden.id)]).toEqual(before)
    expect((await call('/card-rule/detail', { id: seen.id }, admin)).body.data.name).toBe(
      'Seen, not mine',
    )
    // The administrator deletes it (the check passes, the lock is taken).
    expect((await call('/card-rule/delete', { ids: [seen.id, hidden.id] }, admin)).body.code).toBe(
      0,
    )
  })

  it('a rule a group was made from can no longer be edited or deleted (en and zh-CN)', async () => {
    const rule = (await saveRule({ name: 'Soon used', maxCards: 3 })).body.data
    expect(rule).toMatchObject({ level: 'merchant', groupCount: 0, floatingRatio: 10 })
    // Unused: editable.
    const edited = await saveRule({ id: rule.id, name: 'Soon used', maxCards: 4 })
    expect(edited.body.data.maxCards).toBe(4)
    await newGroup(rule.id, 100_00)
    const refused = await saveRule({ id: rule.id, name: 'Soon used', maxCards: 9 })
    expect(refused.body).toMatchObject({
      code: 3101,
      msg: 'This rule has been used to create a shared card group and can no longer be edited',
    })
    const zh = await saveRule({ id: rule.id, name: 'Soon used', maxCards: 9 }, merchant, 'zh-CN')
    expect(zh.body.msg).toBe('该规则已用于创建共享卡组，不能再编辑')
    const [stored] = await api.deps.db
      .select()
      .from(cardGroupRules)
      .where(eq(cardGroupRules.id, rule.id))
    expect(stored.maxCards).toBe(4)
    const del = await call('/card-rule/delete', { ids: [rule.id] })
    expect(del.body.code).toBe(3107)
    expect((await call('/card-rule/detail', { id: rule.id })).body.data.groupCount).toBe(1)
    // The demo's platform rule is in use by the demo group: the administrator is refused too.
    const demo = (await call('/card-rule/list', { pageNum: 1, pageSize: 200 }, admin)).body.data
      .list as Row[]
    const standard = demo.find((r) => r.name === 'Standard shared rule')!
    expect(
      (await saveRule({ id: standard.id, name: 'x', merchantId: null }, admin)).body.code,
    ).toBe(3101)
  })
})

describe('groups', () => {
  it('creates a group from a visible rule: the deposit moves once, retries answer the first', async () => {
    const rule = (await saveRule({ name: 'Create test', floatingRatio: 0 })).body.data
    const before = await sgdAvailable()
    const body = {
      merchantId: skyline,
      ruleId: rule.id,
      name: 'Marketing',
      currency: 'SGD',
      deposit: 300_00,
      requestId: rid(),
    }
    const first = await call('/card-group/create', body)
    expect(first.body.data).toMatchObject({
      name: 'Marketing',
      deposit: 300_00,
      available: 300_00,
      spent: 0,
      held: 0,
      allocated: 0,
      cardCount: 0,
      belowThreshold: false,
    })
    const again = await call('/card-group/create', body)
    expect(again.body.data.id).toBe(first.body.data.id)
    expect(await sgdAvailable()).toBe(before - 300_00)
    const reused = await call('/card-group/create', { ...body, name: 'Other' })
    expect(reused.body.code).toBe(3114)
    // A rule the merchant does not see; a deposit beyond the balance (the spec's message).
    const lotusRule = (await saveRule({ name: 'Lotus only', merchantId: lotus }, company)).body.data
    const hidden = await call('/card-group/create', {
      ...body,
      ruleId: lotusRule.id,
      requestId: rid(),
    })
    expect(hidden.body).toMatchObject({ code: 3111 })
    const rich = await call('/card-group/create', {
      ...body,
      deposit: before * 10,
      requestId: rid(),
    })
    expect(rich.body).toMatchObject({ code: 3112, msg: 'Insufficient account balance' })
    expect(await sgdAvailable()).toBe(before - 300_00)
    // Another merchant's group is not in reach.
    expect((await call('/card-group/detail', { id: first.body.data.id }, admin)).body.code).toBe(0)
  })

  it('the create options and create refuse a merchant out of reach exactly like a missing one', async () => {
    const answers = async (merchantId: number) => {
      const group = await call('/card-group/options', { merchantId })
      const card = await call('/card/create/options', { merchantId })
      const create = await call(
        '/card-group/create',
        {
          merchantId,
          ruleId: 1,
          name: 'Nope',
          currency: 'SGD',
          deposit: 1_00,
          requestId: rid(),
        },
        merchant,
        'zh-CN',
      )
      return [group, card, create].map((res) => ({ status: res.status, body: res.body }))
    }
    const out = await answers(lotus)
    expect(out.map((a) => a.body.code)).toEqual([3103, 3019, 3103])
    expect(out[0].body.msg).toBe('Merchant not found')
    expect(out[2].body.data.fieldErrors).toEqual([{ field: 'merchantId', message: '商户不存在' }])
    expect(await answers(2_000_000_000)).toEqual(out)
    // In reach: the options answer.
    expect((await call('/card-group/options', { merchantId: skyline })).body.code).toBe(0)
  })

  it('demo data: merchant.user can make a USD group and pick the USD shared-mode BIN (issue 17)', async () => {
    const rule = (await saveRule({ name: 'USD desk', floatingRatio: 0, maxCards: 2 })).body.data
    const made = await call('/card-group/create', {
      merchantId: skyline,
      ruleId: rule.id,
      name: 'USD desk',
      currency: 'USD',
      deposit: 50_00,
      requestId: rid(),
    })
    expect(made.body.code).toBe(0)
    const options = await call('/card-group/cards/options', { id: made.body.data.id })
    expect((options.body.data.bins as Row[]).map((b) => b.bin)).toEqual(['41118900'])
  })

  it('enforces the rule: max cards, a card limit within the deposit, the floating ratio', async () => {
    const rule = (await saveRule({ name: 'Tight', floatingRatio: 50, maxCards: 2 })).body.data
    const group = await newGroup(rule.id, 100_00)
    const above = await addCards(group.id, 1, 100_01)
    expect(above.body).toMatchObject({
      code: 3116,
      msg: 'Card limit cannot exceed the shared group deposit',
    })
    const zh = await call(
      '/card-group/cards/add',
      {
        groupId: group.id,
        cardBinId: sgdBinId,
        cardholderId: holderId,
        usageType: 'advertising',
        validityDays: 365,
        quantity: 1,
        cardLimit: 100_01,
        requestId: rid(),
      },
      merchant,
      'zh-CN',
    )
    expect(zh.body.msg).toBe('卡限额不能超过共享组存款')
    // 100 + 50 %: two cards of 80 = 160 > 150.
    expect((await addCards(group.id, 2, 80_00)).body.code).toBe(3117)
    expect((await addCards(group.id, 3, 10_00)).body.code).toBe(3115)
    const ok = await addCards(group.id, 2, 75_00)
    expect(ok.body.code).toBe(0)
    expect((await addCards(group.id, 1, 1_00)).body.code).toBe(3115)
    const row = await groupRow(group.id)
    expect(row).toMatchObject({ cardCount: 2, allocated: 150_00 })
    // No card was written by the refusals (only the two).
    const [{ n }] = await api.deps.db
      .select({ n: count() })
      .from(cards)
      .where(eq(cards.alias, 'Team'))
    expect(Number(n)).toBeGreaterThanOrEqual(2)
    const members = (await call('/card-group/cards', { id: group.id })).body.data as Row[]
    expect(members.map((m) => m.status)).toEqual(['active', 'active'])
    // A prepaid BIN is not for groups.
    const options = await call('/card/create/options', { merchantId: skyline })
    const usd = (options.body.data.bins as Row[]).find((b) => b.bin === '485932')!.id
    const prepaid = await call('/card-group/cards/add', {
      groupId: group.id,
      cardBinId: usd,
      cardholderId: holderId,
      usageType: 'advertising',
      validityDays: 365,
      quantity: 1,
      cardLimit: 1_00,
      requestId: rid(),
    })
    expect(prepaid.body.code).toBe(3118)
  })

  it('spends from the pool, never beyond it ("group pool empty"), and warns once per crossing', async () => {
    // Limits may exceed the deposit by 50 %: three cards of 50 over a deposit of 100.
    const rule = (
      await saveRule({ name: 'Pool', floatingRatio: 50, warningThreshold: 30, maxCards: 3 })
    ).body.data
    const group = await newGroup(rule.id, 100_00, 'Pool group')
    expect((await addCards(group.id, 3, 50_00)).body.code).toBe(0)
    const ids = ((await call('/card-group/cards', { id: group.id })).body.data as Row[]).map(
      (m) => m.cardId as number,
    )
    const mailsBefore = await warningMails('Pool group')
    expect((await authorise(ids[0], 40_00)).outcome).toBe('approved')
    expect((await authorise(ids[1], 40_00)).outcome).toBe('approved')
    // 20 left, below 30 % of 100: flagged, one e-mail.
    let row = await groupRow(group.id)
    expect(row).toMatchObject({ held: 80_00, available: 20_00, belowThreshold: true })
    expect(await warningMails('Pool group')).toBe(mailsBefore + 1)
    // Card 3 may spend 50 by its limit, but the pool holds 20.
    expect(await authorise(ids[2], 30_00)).toMatchObject({
      outcome: 'declined',
      reason: 'groupPoolEmpty',
    })
    expect((await authorise(ids[2], 20_00)).outcome).toBe('approved')
    expect(await authorise(ids[0], 1)).toMatchObject({
      outcome: 'declined',
      reason: 'groupPoolEmpty',
    })
    // Still below: no second e-mail.
    expect(await warningMails('Pool group')).toBe(mailsBefore + 1)
    row = await groupRow(group.id)
    expect(row).toMatchObject({ deposit: 100_00, held: 100_00, available: 0, spent: 0 })
    // The card's own limit in the group: card 1 used 40 of 50.
    const cardsNow = (await call('/card-group/cards', { id: group.id })).body.data as Row[]
    expect(cardsNow[0]).toMatchObject({ cardLimit: 50_00, used: 40_00, remaining: 10_00 })
    // Removing a card with a pending authorisation is refused.
    expect(
      (await call('/card-group/cards/remove', { groupId: group.id, cardIds: [ids[0]] })).body.code,
    ).toBe(3122)
    // Withdrawal beyond the available pool: the spec's group message.
    const w = await call('/card-group/withdraw', { id: group.id, amount: 1, requestId: rid() })
    expect(w.body).toMatchObject({ code: 3113, msg: 'Insufficient group balance' })
    // Top-up above the threshold clears the flag; the next crossing warns again.
    const topUp = { id: group.id, amount: 100_00, requestId: rid() }
    const t1 = await call('/card-group/top-up', topUp)
    expect(t1.body.data).toMatchObject({
      deposit: 200_00,
      available: 100_00,
      belowThreshold: false,
    })
    const t2 = await call('/card-group/top-up', topUp)
    expect(t2.body.data.deposit).toBe(200_00)
    const [{ n: entries }] = await api.deps.db
      .select({ n: count() })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.requestId, `group-top-up:${group.id}:${topUp.requestId}`))
    expect(Number(entries)).toBe(1)
    expect((await authorise(ids[0], 10_00)).outcome).toBe('approved')
    expect((await authorise(ids[1], 10_00)).outcome).toBe('approved')
    expect(await authorise(ids[1], 10_00)).toMatchObject({
      outcome: 'declined',
      reason: 'overLimitLifetime',
    })
    const [g] = await api.deps.db.select().from(cardGroups).where(eq(cardGroups.id, group.id))
    expect(g.warned).toBe(false)
    expect((await authorise(ids[2], 25_00)).outcome).toBe('approved')
    // 100 − 10 − 10 − 25 = 55 ≥ 60? no: 55 < 60 (30 % of 200): crossed again.
    expect(await warningMails('Pool group')).toBe(mailsBefore + 2)
    const topTooMuch = await call('/card-group/top-up', {
      id: group.id,
      amount: (await sgdAvailable()) + 1,
      requestId: rid(),
    })
    expect(topTooMuch.body).toMatchObject({ code: 3112, msg: 'Insufficient account balance' })
  })

  it('withdraws only while the cards stay within the rule; removed cards free their limit', async () => {
    const rule = (await saveRule({ name: 'Withdraw', floatingRatio: 0, maxCards: 3 })).body.data
    const group = await newGroup(rule.id, 100_00)
    expect((await addCards(group.id, 2, 40_00)).body.code).toBe(0)
    const ids = ((await call('/card-group/cards', { id: group.id })).body.data as Row[]).map(
      (m) => m.cardId as number,
    )
    // 80 allocated: withdrawing 30 would leave 70 < 80.
    const before = await sgdAvailable()
    expect(
      (await call('/card-group/withdraw', { id: group.id, amount: 30_00, requestId: rid() })).body
        .code,
    ).toBe(3117)
    const w = await call('/card-group/withdraw', { id: group.id, amount: 20_00, requestId: rid() })
    expect(w.body.data).toMatchObject({ deposit: 80_00, available: 80_00 })
    expect(await sgdAvailable()).toBe(before + 20_00)
    // Remove one: its limit no longer counts.
    const removed = await call('/card-group/cards/remove', { groupId: group.id, cardIds: [ids[1]] })
    expect(removed.body.code).toBe(0)
    expect(await groupRow(group.id)).toMatchObject({ allocated: 40_00, cardCount: 1 })
    // Its spending no longer draws on the pool: the card has no money of its own.
    expect((await authorise(ids[1], 1_00)).reason).toBe('insufficientFunds')
    // Set the remaining card's limit; not below what it spent, not beyond the deposit.
    expect((await authorise(ids[0], 30_00)).outcome).toBe('approved')
    const low = await call('/card-group/cards/limit', {
      groupId: group.id,
      cardIds: [ids[0]],
      cardLimit: 20_00,
    })
    expect(low.body.code).toBe(3123)
    const high = await call('/card-group/cards/limit', {
      groupId: group.id,
      cardIds: [ids[0]],
      cardLimit: 80_01,
    })
    expect(high.body.code).toBe(3116)
    const set = await call('/card-group/cards/limit', {
      groupId: group.id,
      cardIds: [ids[0]],
      cardLimit: 60_00,
    })
    expect(set.body.code).toBe(0)
    // A card of another group, or one not in the group, is refused.
    expect(
      (await call('/card-group/cards/remove', { groupId: group.id, cardIds: [ids[1]] })).body.code,
    ).toBe(3121)
  })

  it('moves an active shared-mode card in: its balance joins the pool', async () => {
    const rule = (await saveRule({ name: 'Move', floatingRatio: 0, maxCards: 3 })).body.data
    const group = await newGroup(rule.id, 50_00)
    const card = await makeCard(api.deps, { bin: '41118800', merchantId: skyline, balance: 25_00 })
    const prepaid = await makeCard(api.deps, { merchantId: skyline, balance: 1_00 })
    const body = { groupId: group.id, cardId: card.id, cardLimit: 70_00, requestId: rid() }
    expect((await call('/card-group/cards/move', { ...body, cardId: prepaid.id })).body.code).toBe(
      3120,
    )
    expect((await call('/card-group/cards/move', body)).body.code).toBe(0)
    expect((await call('/card-group/cards/move', body)).body.code).toBe(0)
    expect(await groupRow(group.id)).toMatchObject({
      deposit: 75_00,
      available: 75_00,
      allocated: 70_00,
      cardCount: 1,
    })
    expect((await authorise(card.id, 70_00)).outcome).toBe('approved')
    // Another merchant's user does not reach the group.
    expect((await call('/card-group/detail', { id: group.id }, merchant)).body.code).toBe(0)
  })

  it('lists groups in reach with the flag, for the merchant, the company and the platform', async () => {
    const mine = (await call('/card-group/list', { pageNum: 1, pageSize: 200 })).body.data
    expect(mine.total).toBeGreaterThan(3)
    expect((mine.list as Row[]).every((r) => r.merchantId === skyline)).toBe(true)
    expect((mine.list as Row[]).some((r) => r.belowThreshold)).toBe(true)
    const flagged = (mine.list as Row[]).find((r) => r.name === 'Pool group')!
    expect(flagged.belowThreshold).toBe(true)
    const blueUser = await call(
      '/card-group/list',
      { pageNum: 1, pageSize: 10, filters: { merchantId: blue } },
      company,
    )
    expect(blueUser.body.data.total).toBe(0)
    const auditorView = await call('/card-group/list', { pageNum: 1, pageSize: 10 }, auditor)
    expect(auditorView.body.data.total).toBe(mine.total)
    expect(
      (await call('/card-group/top-up', { id: flagged.id, amount: 1, requestId: rid() }, auditor))
        .status,
    ).toBe(403)
  })
})

async function warningMails(name: string) {
  const rows = await api.deps.db
    .select()
    .from(sendRecords)
    .where(
      and(
        eq(sendRecords.to, 'merchant.user@vcc.local'),
        eq(sendRecords.subject, `Shared card group ${name} is below its warning threshold`),
      ),
    )
  return rows.length
}
