import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, dictDetails, dicts, menus } from '../../db/schema'
import { createTestApi, DEMO, type TestApi } from '../../testing/harness'

let api: TestApi
const token: Record<keyof typeof DEMO, string> = {} as never

beforeAll(async () => {
  api = await createTestApi()
  for (const who of Object.keys(DEMO) as (keyof typeof DEMO)[]) {
    token[who] = await api.login(DEMO[who][0], DEMO[who][1])
  }
})
afterAll(() => api.close())

type Item = Record<string, any>
const list = async (path: string, opts: { token?: string; lang?: string } = {}, body = {}) => {
  const res = await api.call<Item[]>(path, body, { token: token.merchant, ...opts })
  expect(res.status, path).toBe(200)
  expect(res.body.code).toBe(0)
  return res.body.data
}

describe('/common reference lists', () => {
  it('serves countries without a session, localised', async () => {
    const en = await list('/common/countryList', { token: undefined })
    expect(en.length).toBeGreaterThan(230)
    expect(en.find((c) => c.code === 'SG')).toMatchObject({
      name: 'Singapore',
      phoneCode: '65',
    })
    const zh = await list('/common/countryList', { token: undefined, lang: 'zh_CN' })
    expect(zh.find((c) => c.code === 'CN')!.name).toBe('中国')
    expect(zh.find((c) => c.code === 'SG')!.name).toBe('新加坡')
  })

  it('serves the states of a country and refuses an unknown or malformed code', async () => {
    const states = await list('/common/queryCountryStateList', {}, { countryCode: 'TH' })
    expect(states.find((s) => s.name === 'Bangkok')).toBeTruthy()
    for (const countryCode of ['ZZ', 'sg', 'SGP', 7]) {
      const res = await api.call(
        '/common/queryCountryStateList',
        { countryCode },
        { token: token.merchant },
      )
      expect(res.status, String(countryCode)).toBe(400)
      expect(res.body.data.fieldErrors[0].field).toBe('countryCode')
    }
    const anon = await api.call('/common/queryCountryStateList', { countryCode: 'TH' })
    expect(anon.status).toBe(401)
  })

  it('serves ISO 4217 currencies with their minor-unit exponent', async () => {
    const currencies = await list('/common/currencyList')
    const by = Object.fromEntries(currencies.map((c) => [c.code, c]))
    expect(by.USD).toMatchObject({ number: '840', digits: 2, name: 'US Dollar' })
    expect(by.VND.digits).toBe(0)
    expect(by.JPY.digits).toBe(0)
    expect(by.BHD.digits).toBe(3)
    const zh = await list('/common/currencyList', { lang: 'zh_CN' })
    expect(zh.find((c) => c.code === 'USD')!.name).toBe('美元')
  })

  it('serves calling codes, time zones and card schemes', async () => {
    const areas = await list('/common/phoneAreaList')
    expect(areas.find((a) => a.countryCode === 'SG')).toMatchObject({ areaCode: '65' })
    expect(areas.find((a) => a.countryCode === 'US')!.areaCode).toBe('1')

    // The test clock stands in January: New York is on standard time.
    const zones = await list('/common/timezoneList')
    const zone = (z: string) => zones.find((x) => x.zone === z)!
    expect(zone('Asia/Singapore').offset).toBe('+08:00')
    expect(zone('America/New_York').offset).toBe('-05:00')
    expect(zone('Asia/Tehran').offset).toBe('+03:30')
    expect(zone('UTC')).toEqual({ zone: 'UTC', offset: '+00:00', name: '' })
    expect(zone('Asia/Singapore').name).toBe('Singapore Standard Time')
    expect(new Set(zones.map((z) => z.zone)).size).toBe(zones.length)
    const minutes = zones.map((z) => {
      const [h, m] = z.offset.slice(1).split(':').map(Number)
      return (z.offset[0] === '-' ? -1 : 1) * (h * 60 + m)
    })
    expect(minutes).toEqual([...minutes].sort((a, b) => a - b))
    api.clock.advance(180 * 86400)
    // Half a year idle ends every session: sign in again.
    for (const who of Object.keys(DEMO) as (keyof typeof DEMO)[]) {
      token[who] = await api.login(DEMO[who][0], DEMO[who][1])
    }
    const summer = await list('/common/timezoneList')
    expect(summer.find((x) => x.zone === 'America/New_York')!.offset).toBe('-04:00')

    const schemes = await list('/common/queryCardSchemeList')
    expect(schemes.find((s) => s.code === 'visa')).toMatchObject({ name: 'Visa' })
    expect(schemes.find((s) => s.code === 'visa')!.lengths).toContain(16)
    expect(schemes.find((s) => s.code === 'american-express')!.securityCodeSize).toBe(4)
    expect(schemes.find((s) => s.code === 'unionpay')).toBeTruthy()
  })

  it('asks for a session for everything but countries', async () => {
    for (const path of [
      '/common/currencyList',
      '/common/phoneAreaList',
      '/common/timezoneList',
      '/common/queryCardSchemeList',
    ]) {
      const res = await api.call(path, {})
      expect(res.status, path).toBe(401)
      expect(res.body.code).toBe(401)
    }
  })
})

describe('/dict/query and /common/queryDesc', () => {
  it('answers the active values of each dictionary, by seq, localised', async () => {
    const res = await api.call<Record<string, Item[]>>(
      '/dict/query',
      { codes: ['card_status', 'no_such_dict'] },
      { token: token.merchant },
    )
    expect(res.body.code).toBe(0)
    expect(res.body.data.no_such_dict).toEqual([])
    expect(res.body.data.card_status).toEqual([
      { code: 'active', name: 'Active', seq: 1, isDefault: true },
      { code: 'blocked', name: 'Blocked', seq: 2, isDefault: false },
      { code: 'cancelled', name: 'Cancelled', seq: 3, isDefault: false },
      { code: 'pending', name: 'Pending', seq: 4, isDefault: false },
    ])
    const zh = await api.call<Record<string, Item[]>>(
      '/dict/query',
      { codes: ['card_status'] },
      { token: token.merchant, lang: 'zh_CN' },
    )
    expect(zh.body.data.card_status.map((v) => v.name)).toEqual([
      '正常',
      '已冻结',
      '已注销',
      '处理中',
    ])
  })

  it('leaves inactive values out of options but keeps their descriptions', async () => {
    const [dict] = await api.deps.db
      .select()
      .from(dicts)
      .where(eq(dicts.code, 'transaction_status'))
    await api.deps.db
      .update(dictDetails)
      .set({ active: false })
      .where(and(eq(dictDetails.dictId, dict.id), eq(dictDetails.code, 'cancel')))
    await api.deps.db.insert(dictDetails).values({
      dictId: dict.id,
      code: 'refunded',
      name: 'Refunded',
      seq: 9,
    })

    const options = await api.call<Record<string, Item[]>>(
      '/dict/query',
      { codes: ['transaction_status'] },
      { token: token.auditor },
    )
    expect(options.body.data.transaction_status.map((v) => v.code)).toEqual([
      'success',
      'pending',
      'rejected',
      'refunded',
    ])

    const desc = await api.call<Record<string, Record<string, string>>>(
      '/common/queryDesc',
      { codes: ['transaction_status', 'card_status'] },
      { token: token.auditor, lang: 'zh_CN' },
    )
    expect(desc.body.data.transaction_status).toEqual({
      success: '成功',
      pending: '处理中',
      rejected: '已拒绝',
      cancel: '已取消',
      // Added by an administrator: no shipped translation, the stored name shows.
      refunded: 'Refunded',
    })
    expect(desc.body.data.card_status.blocked).toBe('已冻结')
  })

  it('answers nothing for a dictionary that is switched off', async () => {
    await api.deps.db.update(dicts).set({ active: false }).where(eq(dicts.code, 'card_status'))
    const res = await api.call<Record<string, Item[]>>(
      '/dict/query',
      { codes: ['card_status'] },
      { token: token.admin },
    )
    expect(res.body.data.card_status).toEqual([])
    await api.deps.db.update(dicts).set({ active: true }).where(eq(dicts.code, 'card_status'))
  })

  it('refuses malformed code lists with field errors', async () => {
    for (const path of ['/dict/query', '/common/queryDesc']) {
      for (const body of [
        {},
        { codes: [] },
        { codes: 'card_status' },
        { codes: [''] },
        { codes: [1] },
      ]) {
        const res = await api.call(path, body, { token: token.admin })
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400)
        expect(res.body.code).toBe(400)
        expect(res.body.data.fieldErrors[0].field).toMatch(/^codes/)
      }
      const tooMany = Array.from({ length: 51 }, (_, i) => `d${i}`)
      const res = await api.call(path, { codes: tooMany }, { token: token.admin })
      expect(res.status).toBe(400)
    }
  })
})

describe('/cache/refresh', () => {
  it('re-syncs menus from the registry and is audited', async () => {
    await api.deps.db.update(menus).set({ icon: 'tampered', seq: 77 }).where(eq(menus.id, 9010))
    const res = await api.call('/cache/refresh', {}, { token: token.admin })
    expect(res.body.code).toBe(0)
    expect(res.body.data.caches).toContain('common.reference')
    const [row] = await api.deps.db.select().from(menus).where(eq(menus.id, 9010))
    expect(row).toMatchObject({ icon: 'book', seq: 1 })
    const [{ n }] = await api.deps.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'cache.refresh'), eq(auditLog.loginName, 'admin')))
    expect(n).toBe(1)
    // The lists rebuild after the drop.
    expect((await list('/common/currencyList')).length).toBeGreaterThan(150)
  })

  it('is refused as view-only to everyone without the parameter edit button', async () => {
    for (const who of ['company', 'merchant', 'auditor'] as const) {
      const res = await api.call('/cache/refresh', {}, { token: token[who] })
      expect(res.status, who).toBe(403)
      expect(res.body.code).toBe(1403)
    }
    const anon = await api.call('/cache/refresh', {})
    expect(anon.status).toBe(401)
  })
})
