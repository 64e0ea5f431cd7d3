import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, users } from '../../db/schema'
import { createTestApi, type TestApi } from '../../testing/harness'
import { sessionFor } from '../../testing/sessions'

let api: TestApi

beforeAll(async () => {
  api = await createTestApi()
})
afterAll(() => api.close())

async function stored(loginName: string) {
  const [u] = await api.deps.db.select().from(users).where(eq(users.loginName, loginName))
  return u
}

describe('/profile/query', () => {
  it('answers the platform administrator without company or merchant', async () => {
    const token = await sessionFor(api, 'admin')
    const res = await api.call('/profile/query', {}, { token })
    expect(res.body).toMatchObject({ code: 0 })
    expect(res.body.data).toEqual({
      loginName: 'admin',
      nickName: 'Platform Admin',
      email: 'admin@vcc.local',
      language: 'en_US',
      timezone: 'UTC',
      company: null,
      merchant: null,
      roleName: 'Platform administrator',
      allMerchants: true,
    })
  })

  it('answers a merchant user with their company and merchant', async () => {
    const token = await sessionFor(api, 'merchant.user')
    const res = await api.call('/profile/query', {}, { token })
    expect(res.body.data).toMatchObject({
      loginName: 'merchant.user',
      company: { name: 'Northwind Travel Pte' },
      merchant: { name: 'Skyline Air Tickets' },
      roleName: 'Merchant user',
    })
  })

  it('needs a session', async () => {
    const res = await api.call('/profile/query', {})
    expect(res.status).toBe(401)
    expect(res.body.code).toBe(401)
  })
})

describe('/profile/update', () => {
  it('persists name, language and timezone, and audits the change', async () => {
    const token = await sessionFor(api, 'company.admin')
    const res = await api.call(
      '/profile/update',
      { nickName: '  Lee  ', language: 'zh_CN', timezone: 'Asia/Singapore' },
      { token },
    )
    expect(res.body.code).toBe(0)
    expect(res.body.data).toMatchObject({
      nickName: 'Lee',
      language: 'zh_CN',
      timezone: 'Asia/Singapore',
      company: { name: 'Northwind Payments Ltd' },
    })
    const again = await api.call('/profile/query', {}, { token })
    expect(again.body.data).toEqual(res.body.data)
    expect(await stored('company.admin')).toMatchObject({
      nickName: 'Lee',
      language: 'zh_CN',
      timezone: 'Asia/Singapore',
    })
    const [entry] = await api.deps.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1)
    expect(entry).toMatchObject({ action: 'profile.update', loginName: 'company.admin' })
    expect(entry.detail).toMatchObject({ before: { nickName: 'Company Admin', language: 'en_US' } })
  })

  it('accepts UTC, which Intl lists only as an alias', async () => {
    const token = await sessionFor(api, 'company.admin')
    const res = await api.call(
      '/profile/update',
      { nickName: 'Lee', language: 'en_US', timezone: 'UTC' },
      { token },
    )
    expect(res.body.data.timezone).toBe('UTC')
  })

  it('is open to the view-only auditor: it changes only their own settings', async () => {
    const token = await sessionFor(api, 'auditor')
    const res = await api.call(
      '/profile/update',
      { nickName: 'Audit', language: 'en_US', timezone: 'Europe/London' },
      { token },
    )
    expect(res.body.code).toBe(0)
  })

  it.each([
    ['an unknown timezone', { timezone: 'Mars/Olympus' }, 'timezone', 'Unknown timezone'],
    ['an offset instead of a zone', { timezone: '+08:00' }, 'timezone', 'Unknown timezone'],
    ['an unknown language', { language: 'fr_FR' }, 'language', 'Format is incorrect'],
    ['an empty nick name', { nickName: '' }, 'nickName', 'Cannot be empty'],
    ['a nick name over 100', { nickName: 'n'.repeat(101) }, 'nickName', undefined],
  ])('refuses %s with a 400 field error, changing nothing', async (_l, change, field, msg) => {
    const token = await sessionFor(api, 'merchant.user')
    const before = await stored('merchant.user')
    const res = await api.call(
      '/profile/update',
      { nickName: 'M', language: 'en_US', timezone: 'Asia/Bangkok', ...change },
      { token },
    )
    expect(res.status).toBe(400)
    const fe = res.body.data.fieldErrors.find((f: { field: string }) => f.field === field)
    expect(fe).toBeDefined()
    if (msg) expect(fe.message).toBe(msg)
    expect(await stored('merchant.user')).toEqual(before)
  })

  it('says the timezone error in Chinese for zh_CN', async () => {
    const token = await sessionFor(api, 'merchant.user')
    const res = await api.call(
      '/profile/update',
      { nickName: 'M', language: 'en_US', timezone: 'Nowhere' },
      { token, lang: 'zh_CN' },
    )
    expect(res.body.data.fieldErrors).toEqual([{ field: 'timezone', message: '未知的时区' }])
  })
})

describe('/profile/language', () => {
  it("changes the caller's language only, kept for the next sign-in", async () => {
    const token = await sessionFor(api, 'auditor')
    const before = await stored('auditor')
    const res = await api.call('/profile/language', { language: 'zh_CN' }, { token })
    expect(res.body).toMatchObject({ code: 0, data: { language: 'zh_CN' } })
    const after = await stored('auditor')
    expect(after.language).toBe('zh_CN')
    expect({ nickName: after.nickName, timezone: after.timezone }).toEqual({
      nickName: before.nickName,
      timezone: before.timezone,
    })
    const next = await sessionFor(api, 'auditor')
    const profile = await api.call('/profile/query', {}, { token: next })
    expect(profile.body.data.language).toBe('zh_CN')
  })

  it('refuses an unknown language and needs a session', async () => {
    const token = await sessionFor(api, 'auditor')
    const bad = await api.call('/profile/language', { language: 'fr_FR' }, { token })
    expect(bad.status).toBe(400)
    expect((await api.call('/profile/language', { language: 'en_US' })).status).toBe(401)
  })
})
