import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  auditLog,
  cardBinAssignments,
  cardBins,
  channels,
  companies,
  merchants,
} from '../../db/schema'
import { createTestApi, type TestApi } from '../../testing/harness'
import { sessionFor } from '../../testing/sessions'

let api: TestApi
let admin: string
let auditor: string
let sandbox: number
let other: number
let companyIds: number[]
let merchantIds: number[]

const save = (body: Record<string, unknown>, token = admin, lang?: string) =>
  api.call('/card-bin/save', body, { token, lang })
const valid = (over: Record<string, unknown> = {}) => ({
  bin: '400000',
  channelId: sandbox,
  scheme: 'visa',
  currency: 'USD',
  cardMode: 'prepaid',
  region: 'SG',
  ...over,
})

async function counts() {
  const [{ b }] = await api.deps.db.select({ b: count() }).from(cardBins)
  const [{ a }] = await api.deps.db.select({ a: count() }).from(cardBinAssignments)
  // Writes recorded; a refused call's own row (outcome `refused`) is no write (docs/audit.md).
  const [{ l }] = await api.deps.db
    .select({ l: count() })
    .from(auditLog)
    .where(eq(auditLog.outcome, 'done'))
  return [Number(b), Number(a), Number(l)]
}

beforeAll(async () => {
  api = await createTestApi()
  ;[admin, auditor] = await Promise.all(['admin', 'auditor'].map((n) => sessionFor(api, n)))
  const db = api.deps.db
  ;[{ id: sandbox }] = await db.select().from(channels).where(eq(channels.code, 'sandbox'))
  ;[{ id: other }] = await db
    .insert(channels)
    .values({ code: 'second', name: 'Second issuer' })
    .returning()
  companyIds = (await db.select({ id: companies.id }).from(companies)).map((c) => c.id)
  merchantIds = (await db.select({ id: merchants.id }).from(merchants)).map((m) => m.id)
})
afterAll(() => api.close())

describe('/card-bin/save', () => {
  it('creates, reads and edits a BIN with its channel name', async () => {
    const made = await save(valid())
    expect(made.body.code).toBe(0)
    expect(made.body.data).toMatchObject({
      bin: '400000',
      channelName: 'Sandbox issuer',
      scheme: 'visa',
      cardMode: 'prepaid',
      active: true,
      companyCount: 0,
      merchantCount: 0,
    })
    const id = made.body.data.id
    expect((await api.call('/card-bin/detail', { id }, { token: auditor })).body.data).toEqual(
      made.body.data,
    )
    const edited = await save(valid({ id, cardMode: 'shared', currency: 'SGD', active: false }))
    expect(edited.body.data).toMatchObject({ cardMode: 'shared', currency: 'SGD', active: false })
  })

  it('refuses a BIN the channel already has, with the spec message beside the field', async () => {
    const before = await counts()
    const dup = await save(valid({ bin: '485932' }))
    expect(dup.status).toBe(422)
    expect(dup.body.code).toBe(3001)
    expect(dup.body.msg).toBe('Card BIN already exists in the current channel')
    expect(dup.body.data.fieldErrors).toEqual([
      { field: 'bin', message: 'Card BIN already exists in the current channel' },
    ])
    const zh = await save(valid({ bin: '485932' }), admin, 'zh_CN')
    expect(zh.body.msg).toBe('当前渠道已存在该卡 BIN')
    // Renaming another BIN onto it is the same refusal.
    const [mine] = await api.deps.db.select().from(cardBins).where(eq(cardBins.bin, '400000'))
    expect((await save(valid({ id: mine.id, bin: '485932' }))).body.code).toBe(3001)
    expect(await counts()).toEqual(before)
  })

  it('accepts the same BIN in another channel', async () => {
    const res = await save(valid({ bin: '485932', channelId: other }))
    expect(res.body.code).toBe(0)
    expect(res.body.data.channelName).toBe('Second issuer')
  })

  it('refuses a missing or inactive channel and an unknown region, changing nothing', async () => {
    const before = await counts()
    const missing = await save(valid({ bin: '400001', channelId: 99999 }))
    expect([missing.status, missing.body.code]).toEqual([422, 3003])
    expect(missing.body.data.fieldErrors[0].field).toBe('channelId')
    await api.deps.db.update(channels).set({ active: false }).where(eq(channels.id, other))
    expect((await save(valid({ bin: '400001', channelId: other }))).body.code).toBe(3003)
    await api.deps.db.update(channels).set({ active: true }).where(eq(channels.id, other))
    const region = await save(valid({ bin: '400001', region: 'XX' }))
    expect([region.body.code, region.body.data.fieldErrors]).toEqual([
      3006,
      [{ field: 'region', message: 'Unknown country or region' }],
    ])
    expect(await counts()).toEqual(before)
  })

  it.each([
    ['5 digits', { bin: '12345' }, 'bin', 'A card BIN is 6 to 8 digits'],
    ['9 digits', { bin: '123456789' }, 'bin', 'A card BIN is 6 to 8 digits'],
    ['letters', { bin: '12345a' }, 'bin', 'A card BIN is 6 to 8 digits'],
    ['no BIN', { bin: '' }, 'bin', 'Cannot be empty'],
    ['unknown scheme', { scheme: 'bankcard' }, 'scheme', 'Format is incorrect'],
    ['unknown currency', { currency: 'XYZ' }, 'currency', 'Unknown currency'],
    ['unknown mode', { cardMode: 'credit' }, 'cardMode', 'Format is incorrect'],
    ['lower-case region', { region: 'sg' }, 'region', 'Unknown country or region'],
    ['channel text', { channelId: 'sandbox' }, 'channelId', undefined],
  ])('refuses %s with 400 and writes nothing', async (_l, over, field, message) => {
    const before = await counts()
    const res = await save(valid({ bin: '400002', ...over }))
    expect(res.status).toBe(400)
    const errors = res.body.data.fieldErrors as { field: string; message: string }[]
    const mine = errors.find((f) => f.field === field)
    expect(mine).toBeTruthy()
    if (message) expect(mine!.message).toBe(message)
    expect(await counts()).toEqual(before)
  })
})

describe('/card-bin/assign and /card-bin/assignments', () => {
  it('replaces the whole set, counts it in the list, and audits before and after', async () => {
    const made = await save(valid({ bin: '400010' }))
    const id = made.body.data.id
    const first = await api.call(
      '/card-bin/assign',
      {
        id,
        companyIds: [companyIds[1], companyIds[0], companyIds[0]],
        merchantIds: [merchantIds[2]],
      },
      { token: admin },
    )
    expect(first.body.data).toEqual({
      id,
      bin: '400010',
      companyIds: [...companyIds.slice(0, 2)].sort((a, b) => a - b),
      merchantIds: [merchantIds[2]],
    })
    const detail = await api.call('/card-bin/detail', { id }, { token: admin })
    expect([detail.body.data.companyCount, detail.body.data.merchantCount]).toEqual([2, 1])
    const second = await api.call(
      '/card-bin/assign',
      { id, companyIds: [], merchantIds: [merchantIds[0]] },
      { token: admin },
    )
    expect(second.body.data).toMatchObject({ companyIds: [], merchantIds: [merchantIds[0]] })
    const read = await api.call('/card-bin/assignments', { id }, { token: auditor })
    expect(read.body.data).toEqual(second.body.data)
    const audits = await api.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `card-bin:${id}`))
    expect(audits.map((a) => a.action)).toEqual([
      'card-bin.create',
      'card-bin.assign',
      'card-bin.assign',
    ])
    expect(audits[2].detail).toMatchObject({
      before: {
        companyIds: [...companyIds.slice(0, 2)].sort((a, b) => a - b),
        merchantIds: [merchantIds[2]],
      },
      after: { companyIds: [], merchantIds: [merchantIds[0]] },
    })
    // The companies and merchants by their names as of the assignment (issue 26).
    const names = audits[2].detail.names as Record<string, string>
    expect(Object.keys(names).sort()).toEqual(
      [
        ...companyIds.slice(0, 2).map((c) => `company:${c}`),
        `merchant:${merchantIds[0]}`,
        `merchant:${merchantIds[2]}`,
      ].sort(),
    )
  })

  it('refuses an unknown company or merchant, a missing BIN and a view-only user, changing nothing', async () => {
    const [bin] = await api.deps.db.select().from(cardBins).where(eq(cardBins.bin, '485932'))
    const before = await counts()
    const unknown = await api.call(
      '/card-bin/assign',
      { id: bin.id, companyIds: [companyIds[0]], merchantIds: [424242] },
      { token: admin },
    )
    expect([unknown.status, unknown.body.code]).toEqual([422, 3005])
    const missing = await api.call('/card-bin/assign', { id: 424242 }, { token: admin })
    expect([missing.status, missing.body.code]).toEqual([404, 3002])
    const viewer = await api.call('/card-bin/assign', { id: bin.id }, { token: auditor })
    expect([viewer.status, viewer.body.code]).toEqual([403, 1403])
    expect(await counts()).toEqual(before)
    expect(
      (await api.call('/card-bin/assignments', { id: 424242 }, { token: admin })).body.code,
    ).toBe(3002)
  })
})

describe('/card-bin/delete', () => {
  it('refuses to delete an assigned BIN (all or nothing), deletes one that is not', async () => {
    const [assigned] = await api.deps.db.select().from(cardBins).where(eq(cardBins.bin, '485932'))
    const free = (await save(valid({ bin: '400020' }))).body.data.id
    const before = await counts()
    const refused = await api.call(
      '/card-bin/delete',
      { ids: [free, assigned.id] },
      { token: admin },
    )
    expect([refused.status, refused.body.code]).toEqual([422, 3004])
    expect(refused.body.msg).toBe(
      'Cannot delete: the card BIN 485932 is assigned to companies or merchants',
    )
    expect(await counts()).toEqual(before)
    const done = await api.call('/card-bin/delete', { ids: [free] }, { token: admin })
    expect(done.body.data).toEqual({ deleted: 1 })
  })
})

describe('/card-bin/channels', () => {
  it('lists the active channels', async () => {
    // The seeded channels plus this test's, less one made inactive here.
    await api.deps.db.insert(channels).values({ code: 'dormant', name: 'Dormant', active: false })
    const res = await api.call('/card-bin/channels', {}, { token: auditor })
    const codes = res.body.data.map((c: { code: string }) => c.code)
    expect(codes).toContain('sandbox')
    expect(codes).toContain('second')
    expect(codes).not.toContain('dormant')
  })
})
