import { count, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decryptField } from '../../cards/cardData'
import { deliverDueCreations } from '../../channels/sandbox'
import {
  auditLog,
  cardBins,
  cardholders,
  cards,
  cardStatusHistory,
  ledgerAccounts,
  ledgerEntries,
  ledgerHolds,
  merchants,
  sandboxCards,
} from '../../db/schema'
import { issuerFactories } from '../../channels/registry'
import { verifyLedger } from '../../ledger/verify'
import { createTestApi, type TestApi } from '../../testing/harness'
import { sessionFor } from '../../testing/sessions'
import { merchantBalance } from '../../ledger/accounts'
import { RESEND_AFTER_MS, resendUnacknowledgedCreations } from './resend'

let api: TestApi
let admin: string
let merchantUser: string
let companyAdmin: string
let auditor: string
let blue: number
let skyline: number
let usdBin: number
let sgdBin: number
let mei: number
let lina: number
let seq = 0

const create = (body: Record<string, unknown>, token = merchantUser, lang?: string) =>
  api.call('/card/create', body, { token, lang })
const request = (over: Record<string, unknown> = {}) => ({
  merchantId: skyline,
  cardBinId: usdBin,
  cardholderId: mei,
  alias: 'Ads',
  usageType: 'advertising',
  validityDays: 365,
  initialAmount: 100_00,
  quantity: 1,
  requestId: `t-${++seq}`,
  ...over,
})
const setParam = (operation: string, failurePercent: number, failureKind: string, latencyMs = 0) =>
  api.call(
    '/channels/parameters/save',
    { channelCode: 'sandbox', operation, latencyMs, failurePercent, failureKind },
    { token: admin },
  )
async function available(merchantId = skyline, currency = 'USD') {
  const a = (await merchantBalance(api.deps.db, merchantId, currency))!
  return a.creditsPosted - a.debitsPosted - a.debitsPending
}
async function counts() {
  const db = api.deps.db
  const n = async (t: Parameters<typeof db.select>[0] extends never ? never : any) =>
    Number((await db.select({ n: count() }).from(t))[0].n)
  return {
    cards: await n(cards),
    holds: await n(ledgerHolds),
    accounts: await n(ledgerAccounts),
    history: await n(cardStatusHistory),
    audit: await n(auditLog),
  }
}
async function cardRows(ids: number[]) {
  return api.deps.db.select().from(cards).where(inArray(cards.id, ids)).orderBy(cards.id)
}
async function holdsOf(ids: number[]) {
  const rows = await cardRows(ids)
  return api.deps.db
    .select()
    .from(ledgerHolds)
    .where(
      inArray(
        ledgerHolds.id,
        rows.map((r) => r.initialHoldId!),
      ),
    )
    .orderBy(ledgerHolds.id)
}
const idsOf = (res: { body: { data: { cards: { id: number }[] } } }) =>
  res.body.data.cards.map((c) => c.id)

beforeAll(async () => {
  api = await createTestApi()
  ;[admin, merchantUser, companyAdmin, auditor] = await Promise.all(
    ['admin', 'merchant.user', 'company.admin', 'auditor'].map((n) => sessionFor(api, n)),
  )
  const db = api.deps.db
  const byName = async (name: string) =>
    (await db.select().from(merchants).where(eq(merchants.name, name)))[0].id
  ;[blue, skyline] = await Promise.all(['Blue Harbor Hotels', 'Skyline Air Tickets'].map(byName))
  const binId = async (bin: string) =>
    (await db.select().from(cardBins).where(eq(cardBins.bin, bin)))[0].id
  ;[usdBin, sgdBin] = await Promise.all(['485932', '52311245'].map(binId))
  const holder = async (email: string) =>
    (await db.select().from(cardholders).where(eq(cardholders.email, email)))[0].id
  ;[mei, lina] = await Promise.all(['mei.tan@example.com', 'lina.wong@example.com'].map(holder))
  // The seed delays creation results; these tests set what they need.
  await setParam('creationResult', 0, 'failed')
})
afterAll(() => api.close())

describe('creating cards', () => {
  it('holds the initial top-ups, then posts each as the channel reports the card created', async () => {
    const before = await available()
    const res = await create(request({ quantity: 3, initialAmount: 250_00 }))
    expect(res.body.code).toBe(0)
    const ids = idsOf(res)
    expect(res.body.data.cards.map((c: { status: string }) => c.status)).toEqual([
      'creating',
      'creating',
      'creating',
    ])
    expect(await available()).toBe(before - 750_00)
    expect((await holdsOf(ids)).map((h) => h.status)).toEqual(['pending', 'pending', 'pending'])

    expect(await deliverDueCreations(api.deps)).toBe(3)
    const rows = await cardRows(ids)
    expect(rows.map((r) => r.status)).toEqual(['active', 'active', 'active'])
    for (const r of rows) {
      const number = decryptField(api.deps.dataKey, r.numberEnc!)
      expect(number).toMatch(/^485932[0-9]{10}$/)
      expect(r.first6 + r.last4).toBe(number.slice(0, 6) + number.slice(-4))
      expect(decryptField(api.deps.dataKey, r.securityCodeEnc!)).toMatch(/^[0-9]{3}$/)
      expect(r.channelCardRef).toMatch(/^sbx_/)
    }
    expect((await holdsOf(ids)).map((h) => h.status)).toEqual(['posted', 'posted', 'posted'])
    expect(await available()).toBe(before - 750_00)
    const detail = await api.call('/card/detail', { id: ids[0] }, { token: merchantUser })
    expect(detail.body.data).toMatchObject({ status: 'active', posted: 250_00, available: 250_00 })
    expect(detail.body.data.maskedNumber).toMatch(/^4859 32•• •••• [0-9]{4}$/)

    const history = await api.call('/card/history', { id: ids[0] }, { token: merchantUser })
    expect(
      history.body.data.map((h: { toStatus: string; actorName: string | null }) => [
        h.toStatus,
        h.actorName,
      ]),
    ).toEqual([
      ['creating', 'Merchant User'],
      ['active', null],
    ])
    // Nothing is due any more: a second pass delivers nothing and moves nothing.
    expect(await deliverDueCreations(api.deps)).toBe(0)
    expect((await verifyLedger(api.deps.db)).mismatches).toEqual([])
  })

  it('acts once on a resent creation event', async () => {
    const [id] = idsOf(await create(request()))
    await deliverDueCreations(api.deps)
    const [card] = await cardRows([id])
    const entriesBefore = Number(
      (await api.deps.db.select({ n: count() }).from(ledgerEntries))[0].n,
    )
    // The same event again, as the channel would resend it.
    const { deliverChannelEvent } = await import('../../channels/transport')
    const again = await deliverChannelEvent(api.deps, 'sandbox', {
      id: `creation-${card.channelCardRef}`,
      occurredAt: api.clock.now().toISOString(),
      type: 'card.creation',
      data: { clientRef: String(id), cardRef: card.channelCardRef, result: 'failed' },
    })
    expect(again.status).toBe(200)
    // A new event id with a late result the machine does not take: ignored.
    const late = await deliverChannelEvent(api.deps, 'sandbox', {
      id: `late-${id}`,
      occurredAt: api.clock.now().toISOString(),
      type: 'card.creation',
      data: { clientRef: String(id), cardRef: card.channelCardRef, result: 'failed' },
    })
    expect(late.body.data).toEqual({ outcome: 'ignored' })
    const [after] = await cardRows([id])
    expect(after.status).toBe('active')
    expect(Number((await api.deps.db.select({ n: count() }).from(ledgerEntries))[0].n)).toBe(
      entriesBefore,
    )
    const rows = await api.deps.db
      .select()
      .from(cardStatusHistory)
      .where(eq(cardStatusHistory.cardId, id))
    expect(rows).toHaveLength(2)
  })

  it('a failed creation releases the hold once; pending and system error keep it', async () => {
    const before = await available()
    await setParam('creationResult', 100, 'failed')
    const [failed] = idsOf(await create(request({ initialAmount: 40_00 })))
    await setParam('creationResult', 100, 'pending')
    const [pending] = idsOf(await create(request({ initialAmount: 30_00 })))
    await setParam('creationResult', 100, 'systemError')
    const [broken] = idsOf(await create(request({ initialAmount: 20_00 })))
    await setParam('creationResult', 0, 'failed')
    expect(await deliverDueCreations(api.deps)).toBe(3)

    const rows = await cardRows([failed, pending, broken])
    expect(rows.map((r) => r.status)).toEqual(['failed', 'pending', 'systemError'])
    expect(rows.every((r) => r.numberEnc === null && r.first6 === '')).toBe(true)
    expect((await holdsOf([failed, pending, broken])).map((h) => h.status)).toEqual([
      'voided',
      'pending',
      'pending',
    ])
    expect(await available()).toBe(before - 50_00)
    expect((await verifyLedger(api.deps.db)).mismatches).toEqual([])
  })

  it('a channel refusing createCard fails the card at once and releases its hold', async () => {
    const before = await available()
    await setParam('createCard', 100, 'refused')
    const res = await create(request({ quantity: 2, initialAmount: 10_00 }))
    await setParam('createCard', 0, 'refused')
    expect(res.body.code).toBe(0)
    const ids = idsOf(res)
    expect((await cardRows(ids)).map((r) => r.status)).toEqual(['failed', 'failed'])
    expect((await holdsOf(ids)).map((h) => h.status)).toEqual(['voided', 'voided'])
    expect(await available()).toBe(before)
  })

  it('answers the first cards to a repeated request id and refuses it for another request', async () => {
    const body = request({ quantity: 2 })
    const first = await create(body)
    const again = await create(body)
    expect(idsOf(again)).toEqual(idsOf(first))
    const [{ n }] = await api.deps.db
      .select({ n: count() })
      .from(cards)
      .where(eq(cards.batchRequestId, body.requestId))
    expect(Number(n)).toBe(2)
    const other = await create({ ...body, initialAmount: 1 })
    expect(other.body.code).toBe(3026)
    await deliverDueCreations(api.deps)
  })

  it('refuses an insufficient balance and writes nothing', async () => {
    const before = await counts()
    const avail = await available()
    const res = await create(request({ quantity: 100, initialAmount: Math.floor(avail / 99) }))
    expect(res.body).toMatchObject({ code: 3025, msg: 'Insufficient account balance' })
    const zh = await create(request({ quantity: 100, initialAmount: avail }), merchantUser, 'zh-CN')
    expect(zh.body).toMatchObject({ code: 3025, msg: '账户余额不足' })
    expect(await counts()).toEqual(before)
    expect(await available()).toBe(avail)
    // A merchant with no balance in the BIN's currency at all: the same, nothing opened.
    const sgd = await create(
      request({ merchantId: blue, cardBinId: usdBin, cardholderId: lina }),
      admin,
    )
    expect(sgd.body.code).toBe(0)
    await deliverDueCreations(api.deps)
  })

  it('checks each field with the spec messages, in both languages, writing nothing', async () => {
    const before = await counts()
    await api.call(
      '/parameter/list',
      { pageNum: 1, pageSize: 10, filters: { name: 'card.min_topup' } },
      { token: admin },
    )
    await api.deps.db.execute(
      sql`update parameters set value = '5000' where name = 'card.min_topup'`,
    )
    const cases: [Record<string, unknown>, number, string, string, string][] = [
      [
        { validityDays: 29 },
        3023,
        'validityDays',
        'card validity not less than 30 days',
        '卡有效期不能少于 30 天',
      ],
      [
        { initialAmount: 49_99 },
        3024,
        'initialAmount',
        'The initial top-up cannot be less than $50.00',
        '初始充值不能少于 $50.00',
      ],
      [
        { cardBinId: sgdBin },
        3020,
        'cardBinId',
        'This card BIN is not assigned to the merchant',
        '该卡 BIN 未分配给此商户',
      ],
      [
        { cardholderId: lina },
        3021,
        'cardholderId',
        'The cardholder does not belong to the merchant',
        '该持卡人不属于此商户',
      ],
      [{ usageType: 'gambling' }, 3022, 'usageType', 'Unknown usage type', '未知的用途类型'],
      [
        { merchantId: blue },
        3019,
        'merchantId',
        'The merchant does not exist or is out of your reach',
        '商户不存在或不在您的权限范围内',
      ],
    ]
    for (const [over, code, field, en, zh] of cases) {
      for (const [lang, msg] of [
        ['en-US', en],
        ['zh-CN', zh],
      ]) {
        const res = await create(request(over), merchantUser, lang)
        expect(res.body.code, field).toBe(code)
        expect(res.body.data.fieldErrors).toEqual([{ field, message: msg }])
      }
    }
    const quantity = await create(request({ quantity: 101 }))
    expect(quantity.status).toBe(400)
    expect(quantity.body.data.fieldErrors[0].field).toBe('quantity')
    const zero = await create(request({ quantity: 0 }))
    expect(zero.status).toBe(400)
    await api.deps.db.execute(sql`update parameters set value = '0' where name = 'card.min_topup'`)
    expect(await counts()).toEqual(before)
    // With the minimum back at 0 ("no limit"), a card without an initial top-up is fine.
    const free = await create(request({ initialAmount: 0 }))
    expect(free.body.code).toBe(0)
    expect((await cardRows(idsOf(free)))[0].initialHoldId).toBeNull()
    await deliverDueCreations(api.deps)
  })
})

describe('who sees and makes cards', () => {
  it('merchant users see their merchant, company users their subtree, the platform all', async () => {
    const list = (token: string) => api.call('/card/list', { pageNum: 1, pageSize: 100 }, { token })
    const merchantsIn = (res: { body: { data: { list: { merchantId: number }[] } } }) =>
      [...new Set(res.body.data.list.map((r) => r.merchantId))].sort()
    expect(merchantsIn(await list(merchantUser))).toEqual([skyline])
    const all = merchantsIn(await list(admin))
    expect(all.length).toBe(3)
    // The company administrator's company is the parent: it reaches all three merchants.
    expect(merchantsIn(await list(companyAdmin))).toEqual(all)
    expect(merchantsIn(await list(auditor))).toEqual(all)

    const [other] = await api.deps.db.select().from(cards).where(eq(cards.merchantId, blue))
    const hidden = await api.call('/card/detail', { id: other.id }, { token: merchantUser })
    expect(hidden.status).toBe(404)
    expect(hidden.body.code).toBe(3018)
    const history = await api.call('/card/history', { id: other.id }, { token: merchantUser })
    expect(history.status).toBe(404)
  })

  it('refuses a merchant user naming another merchant (3019), never making its own cards', async () => {
    const before = await counts()
    const balances = [await available(skyline), await available(blue)]
    const res = await create(request({ merchantId: blue }))
    expect(res.body.code).toBe(3019)
    expect(res.body.data.fieldErrors).toEqual([
      { field: 'merchantId', message: expect.any(String) },
    ])
    expect(await counts()).toEqual(before)
    expect([await available(skyline), await available(blue)]).toEqual(balances)
  })

  it('the auditor views but cannot create', async () => {
    const res = await create(request(), auditor)
    expect(res.status).toBe(403)
    expect(res.body.code).toBe(1403)
  })

  it('filters by status, last four digits, BIN, alias and currency', async () => {
    const list = (filters: Record<string, unknown>) =>
      api.call('/card/list', { pageNum: 1, pageSize: 100, filters }, { token: admin })
    const active = await list({ status: 'active' })
    expect(active.body.data.list.length).toBeGreaterThan(0)
    expect(active.body.data.list.every((r: { status: string }) => r.status === 'active')).toBe(true)
    const one = active.body.data.list[0]
    const byLast4 = await list({ last4: one.last4, bin: '485932', currency: 'USD' })
    expect(byLast4.body.data.list.map((r: { id: number }) => r.id)).toContain(one.id)
    const byAlias = await list({ alias: 'rejected req' })
    expect(byAlias.body.data.list.every((r: { alias: string }) => /rejected/i.test(r.alias))).toBe(
      true,
    )
    expect(byAlias.body.data.total).toBeGreaterThan(0)
  })
})

describe('channel parameters', () => {
  it('only platform administrators set them, and a kind must fit its operation', async () => {
    const denied = await api.call(
      '/channels/parameters/save',
      {
        channelCode: 'sandbox',
        operation: 'topUp',
        latencyMs: 0,
        failurePercent: 0,
        failureKind: 'refused',
      },
      { token: companyAdmin },
    )
    expect(denied.status).toBe(403)
    const wrong = await setParam('topUp', 10, 'pending')
    expect(wrong.body.code).toBe(3035)
    const okay = await setParam('topUp', 10, 'unavailable', 200)
    expect(okay.body.code).toBe(0)
    const listed = await api.call(
      '/channels/parameters/list',
      { channelCode: 'sandbox' },
      { token: admin },
    )
    expect(listed.body.data).toContainEqual(
      expect.objectContaining({
        operation: 'topUp',
        latencyMs: 200,
        failurePercent: 10,
        failureKind: 'unavailable',
      }),
    )
    await setParam('topUp', 0, 'refused')
  })
})

describe('card numbers in clear', () => {
  it('are nowhere in the database, the logs, the list, the detail or the export', async () => {
    const logged: string[] = []
    const log = api.deps.log
    api.deps.log = {
      info: (msg, extra) => logged.push(JSON.stringify({ msg, ...extra })),
      error: (msg, extra) => logged.push(JSON.stringify({ msg, ...extra })),
    }
    const transport = api.deps.channelTransport
    const originalConsole = { log: console.log, error: console.error }
    console.log = (...a: unknown[]) => logged.push(a.map(String).join(' '))
    console.error = (...a: unknown[]) => logged.push(a.map(String).join(' '))
    try {
      // The demo's card being created is due a few seconds after the seed: out of the way first.
      api.clock.advance(10)
      await deliverDueCreations(api.deps)
      const ids = idsOf(await create(request({ quantity: 2, initialAmount: 1_00 })))
      // One delivery lost on the way: the sandbox logs it and tries again later.
      api.deps.channelTransport = () => Promise.reject(new Error('connection reset'))
      expect(await deliverDueCreations(api.deps)).toBe(0)
      api.deps.channelTransport = transport
      api.clock.advance(60)
      expect(await deliverDueCreations(api.deps)).toBe(2)
      const rows = await cardRows(ids)
      expect(rows.map((r) => r.status)).toEqual(['active', 'active'])
      const numbers = rows.map((r) => decryptField(api.deps.dataKey, r.numberEnc!))
      expect(logged.some((l) => l.includes('not delivered'))).toBe(true)

      // PGlite answers {rows}, the PostgreSQL driver the rows themselves.
      const rowsOf = <T>(r: unknown) => (Array.isArray(r) ? r : (r as { rows: T[] }).rows) as T[]
      const tables = await api.deps.db.execute<{ table_name: string }>(
        sql`select table_name from information_schema.tables
            where table_schema = 'public' and table_type = 'BASE TABLE'`,
      )
      let everything = ''
      for (const { table_name } of rowsOf<{ table_name: string }>(tables)) {
        const dump = await api.deps.db.execute<{ row: string }>(
          sql`select row_to_json(t)::text as row from ${sql.identifier(table_name)} t`,
        )
        everything += rowsOf<{ row: string }>(dump)
          .map((r) => r.row)
          .join('\n')
      }
      const list = await api.call('/card/list', { pageNum: 1, pageSize: 100 }, { token: admin })
      const detail = await api.call('/card/detail', { id: ids[0] }, { token: admin })
      const exported = await (
        await api.fetch('/card/export', { format: 'csv' }, { token: admin })
      ).text()
      expect(exported).toContain(rows[0].last4)
      const seen = [
        everything,
        logged.join('\n'),
        JSON.stringify(list.body),
        JSON.stringify(detail.body),
        exported,
      ]
      for (const number of numbers) {
        for (const text of seen) expect(text.includes(number)).toBe(false)
      }
    } finally {
      api.deps.log = log
      api.deps.channelTransport = transport
      Object.assign(console, originalConsole)
    }
  })
})

describe('what issued cards keep', () => {
  it('a cardholder or a card BIN with cards cannot be deleted', async () => {
    const holder = await api.call('/cardholder/delete', { ids: [mei] }, { token: admin })
    expect(holder.body).toMatchObject({ code: 3036, msg: 'Cannot delete: Mei Tan holds cards' })
    expect(
      await api.deps.db.select().from(cardholders).where(eq(cardholders.id, mei)),
    ).toHaveLength(1)
    // Unassigned first (an assigned BIN is refused for that), it still has its cards.
    const unassign = await api.call(
      '/card-bin/assign',
      { id: usdBin, companyIds: [], merchantIds: [] },
      { token: admin },
    )
    expect(unassign.body.code).toBe(0)
    const bin = await api.call('/card-bin/delete', { ids: [usdBin] }, { token: admin })
    expect(bin.body).toMatchObject({
      code: 3037,
      msg: 'Cannot delete: cards were issued on the card BIN 485932',
    })
    expect(await api.deps.db.select().from(cardBins).where(eq(cardBins.id, usdBin))).toHaveLength(1)
  })
})

describe('creation requests never acknowledged', () => {
  const stuck = () =>
    api.deps.db
      .select()
      .from(cards)
      .where(sql`status = 'creating' and channel_card_ref is null`)

  it('sends them again after the process stopped before asking the channel; the card is made once', async () => {
    // The USD BIN assigned again (a test above unassigned it), and out of the way: the demo
    // card still being created and anything left from other tests.
    const assign = await api.call(
      '/card-bin/assign',
      { id: usdBin, companyIds: [], merchantIds: [skyline] },
      { token: admin },
    )
    expect(assign.body.code).toBe(0)
    api.clock.advance(RESEND_AFTER_MS / 1000 + 1)
    await resendUnacknowledgedCreations(api.deps)
    await deliverDueCreations(api.deps)
    expect(await stuck()).toEqual([])

    // The process "stops" right after the commit: the channel call never happens.
    const sandbox = issuerFactories.sandbox
    issuerFactories.sandbox = (deps, channel) => ({
      ...sandbox(deps, channel),
      createCard: () => Promise.reject(new Error('process stopped')),
    })
    const before = await available()
    let id: number
    try {
      const res = await create(request({ initialAmount: 40_00 }))
      expect(res.status, JSON.stringify(res.body)).toBe(500)
      ;[id] = (await stuck()).map((c) => c.id)
    } finally {
      issuerFactories.sandbox = sandbox
    }
    expect(await available()).toBe(before - 40_00)
    // Not yet: the request might still be on its way.
    expect(await resendUnacknowledgedCreations(api.deps)).toBe(0)
    api.clock.advance(RESEND_AFTER_MS / 1000 + 1)
    expect(await resendUnacknowledgedCreations(api.deps)).toBe(1)
    const [sent] = await cardRows([id!])
    expect(sent.channelCardRef).toMatch(/^sbx_/)
    expect(await resendUnacknowledgedCreations(api.deps)).toBe(0)
    expect(await deliverDueCreations(api.deps)).toBe(1)
    const [made] = await cardRows([id!])
    expect(made.status).toBe('active')
    expect((await holdsOf([id!])).map((h) => h.status)).toEqual(['posted'])
    expect(await available()).toBe(before - 40_00)
    const atChannel = await api.deps.db
      .select()
      .from(sandboxCards)
      .where(eq(sandboxCards.clientRef, String(id!)))
    expect(atChannel).toHaveLength(1)
  })

  it('gets the same card back when the channel had it but its answer was lost', async () => {
    const res = await create(request({ initialAmount: 10_00 }))
    expect(res.body.code, JSON.stringify(res.body)).toBe(0)
    const [id] = idsOf(res)
    const [first] = await cardRows([id])
    expect(first.channelCardRef).toMatch(/^sbx_/)
    // The answer "lost": the card has no reference, as if the process stopped before saving it.
    await api.deps.db.update(cards).set({ channelCardRef: null }).where(eq(cards.id, id))
    api.clock.advance(RESEND_AFTER_MS / 1000 + 1)
    expect(await resendUnacknowledgedCreations(api.deps)).toBe(1)
    const [again] = await cardRows([id])
    expect(again.channelCardRef).toBe(first.channelCardRef)
    const atChannel = await api.deps.db
      .select()
      .from(sandboxCards)
      .where(eq(sandboxCards.clientRef, String(id)))
    expect(atChannel).toHaveLength(1)
    expect(await deliverDueCreations(api.deps)).toBe(1)
    expect((await cardRows([id]))[0].status).toBe('active')
    expect((await holdsOf([id])).map((h) => h.status)).toEqual(['posted'])
    expect((await verifyLedger(api.deps.db)).mismatches).toEqual([])
  })
})

describe('expired cards', () => {
  // Only this test's cards (alias), so a page holds them all.
  const list = (filters: Record<string, unknown>) =>
    api.call(
      '/card/list',
      { pageNum: 1, pageSize: 100, filters: { ...filters, alias: 'Expiry test' } },
      { token: admin },
    )
  const ids = (res: { body: { data: { list: { id: number }[] } } }) =>
    res.body.data.list.map((r) => r.id)

  it('an active or blocked card past its expiry month shows expired, under its own filter', async () => {
    const made = idsOf(await create(request({ quantity: 3, alias: 'Expiry test' })))
    await deliverDueCreations(api.deps)
    const [active, blocked, cancelled] = made
    const month = api.clock.now().toISOString().slice(0, 7)
    const lastYear = `${Number(month.slice(0, 4)) - 1}${month.slice(4)}`
    await api.deps.db.update(cards).set({ expiry: lastYear }).where(inArray(cards.id, made))
    await api.deps.db.update(cards).set({ status: 'blocked' }).where(eq(cards.id, blocked))
    await api.deps.db.update(cards).set({ status: 'cancelled' }).where(eq(cards.id, cancelled))

    const detail = await api.call('/card/detail', { id: active }, { token: merchantUser })
    // The machine's state is kept; expired is shown beside it.
    expect(detail.body.data).toMatchObject({ status: 'active', expired: true })
    const expired = await list({ status: 'expired' })
    expect(ids(expired)).toEqual(expect.arrayContaining([active, blocked]))
    expect(ids(expired)).not.toContain(cancelled)
    expect(expired.body.data.list.every((r: { expired: boolean }) => r.expired)).toBe(true)
    expect(ids(await list({ status: 'active' }))).not.toContain(active)
    expect(ids(await list({ status: 'blocked' }))).not.toContain(blocked)
    expect(ids(await list({ status: 'cancelled' }))).toContain(cancelled)

    // Through its expiry month a card is not expired.
    await api.deps.db.update(cards).set({ expiry: month }).where(eq(cards.id, active))
    expect(ids(await list({ status: 'active' }))).toContain(active)
    expect(ids(await list({ status: 'expired' }))).not.toContain(active)
    const again = await api.call('/card/detail', { id: active }, { token: merchantUser })
    expect(again.body.data.expired).toBe(false)
  })

  it('the status filter offers Expired, in both languages', async () => {
    for (const [lang, label] of [
      ['en-US', 'Expired'],
      ['zh-CN', '已过期'],
    ]) {
      const res = await api.call('/dict/query', { codes: ['card_state'] }, { token: admin, lang })
      expect(res.body.data.card_state).toContainEqual(
        expect.objectContaining({ code: 'expired', name: label }),
      )
    }
  })
})

describe('an approved cancellation in the card history', () => {
  it('says how much went back to the merchant balance, from the ledger entry', async () => {
    const [id] = idsOf(await create(request({ initialAmount: 123_45 })))
    await deliverDueCreations(api.deps)
    const asked = await api.call(
      '/card-ops/cancel',
      { id, reasonCode: 'noLongerNeeded' },
      { token: merchantUser },
    )
    expect(asked.body.code).toBe(0)
    const pending = await api.call(
      '/card-ops/cancel-requests/list',
      { pageNum: 1, pageSize: 100, filters: { status: 'pending' } },
      { token: admin },
    )
    const asking = pending.body.data.list.find((r: { cardId: number }) => r.cardId === id)
    const before = await available()
    const approved = await api.call(
      '/card-ops/cancel-requests/review',
      { id: asking.id, decision: 'approve' },
      { token: admin },
    )
    expect(approved.body.data).toMatchObject({ status: 'approved', cardStatus: 'cancelled' })
    expect(await available()).toBe(before + 123_45)
    const history = await api.call('/card/history', { id }, { token: merchantUser })
    const rows = history.body.data as { event: string; returned: unknown }[]
    expect(rows.find((h) => h.event === 'APPROVE_CANCEL')?.returned).toEqual({
      amount: 123_45,
      currency: 'USD',
    })
    expect(rows.filter((h) => h.event !== 'APPROVE_CANCEL').every((h) => h.returned === null)).toBe(
      true,
    )
  })
})
