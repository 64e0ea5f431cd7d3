import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { companies, parameters } from '../../db/schema'
import { createTestApi, type TestApi } from '../../testing/harness'
import { siteOrigin } from './site'

let api: TestApi
const PARENT_SITE = 'https://pay.northwind.example'
const CHILD_SITE = 'https://travel.northwind.example'

beforeAll(async () => {
  api = await createTestApi()
  await api.deps.db
    .update(companies)
    .set({ website: `${PARENT_SITE}/` })
    .where(eq(companies.name, 'Northwind Payments Ltd'))
  // The child company has a site but no copyright line of its own.
  await api.deps.db
    .update(companies)
    .set({ website: CHILD_SITE })
    .where(eq(companies.name, 'Northwind Travel Pte'))
})
afterAll(() => api.close())

const copyright = async (body: object, headers?: Record<string, string>) => {
  const res = await api.call<{ copyright: string }>('/public/queryCopyright', body, { headers })
  expect(res.status).toBe(200)
  expect(res.body.code).toBe(0)
  return res.body.data.copyright
}

describe('logos', () => {
  it('serves the product logo as an SVG data URL without a session', async () => {
    for (const [path, body, method] of [
      ['/public/headLogo', {}, 'POST'],
      ['/public/iconLogo', { website: PARENT_SITE, type: '1' }, 'POST'],
      [`/public/iconLogo?website=${encodeURIComponent(PARENT_SITE)}&type=1`, undefined, 'GET'],
      ['/public/iconLogo', undefined, 'GET'],
    ] as const) {
      const res = await api.call<{ logo: string }>(path, body, { method })
      expect(res.status, path).toBe(200)
      const { logo } = res.body.data
      expect(logo).toMatch(/^data:image\/svg\+xml;base64,/)
      const svg = Buffer.from(logo.split(',')[1], 'base64').toString('utf8')
      expect(svg).toContain('<svg')
    }
  })

  it('refuses malformed input', async () => {
    const bad = await api.call('/public/iconLogo', { type: '7' })
    expect(bad.status).toBe(400)
    expect(bad.body.data.fieldErrors[0].field).toBe('type')
    const get = await api.call('/public/iconLogo?type=abc', undefined, { method: 'GET' })
    expect(get.status).toBe(400)
    const head = await api.call('/public/headLogo', { website: 42 })
    expect(head.status).toBe(400)
    expect(head.body.data.fieldErrors[0].field).toBe('website')
  })
})

describe('/public/queryCopyright', () => {
  it("answers the platform's line when no company claims the site", async () => {
    expect(await copyright({})).toBe('© VCC Management Platform')
    expect(await copyright({ website: 'https://elsewhere.example' })).toBe(
      '© VCC Management Platform',
    )
    expect(await copyright({ website: 'not a url at all' })).toBe('© VCC Management Platform')
  })

  it("answers the company's line for its website, however the origin is written", async () => {
    expect(await copyright({ website: PARENT_SITE })).toBe('© Northwind Payments')
    expect(await copyright({ website: 'HTTPS://Pay.Northwind.Example/login?from=x' })).toBe(
      '© Northwind Payments',
    )
    expect(await copyright({ website: 'pay.northwind.example' })).toBe('© Northwind Payments')
    // No website in the body: the page's Origin says which site it is.
    expect(await copyright({}, { Origin: PARENT_SITE })).toBe('© Northwind Payments')
  })

  it("falls back to the platform's line for a company without one", async () => {
    expect(await copyright({ website: CHILD_SITE })).toBe('© VCC Management Platform')
  })

  it('follows the platform.copyright parameter', async () => {
    await api.deps.db
      .update(parameters)
      .set({ value: '© 2026 VCC' })
      .where(eq(parameters.name, 'platform.copyright'))
    expect(await copyright({})).toBe('© 2026 VCC')
    const zh = await api.call('/public/queryCopyright', {}, { lang: 'zh_CN' })
    expect(zh.body.msg).toBe('成功')
  })

  it('refuses a malformed body', async () => {
    const res = await api.call('/public/queryCopyright', { website: ['x'] })
    expect(res.status).toBe(400)
    const raw = await api.callRaw('/public/queryCopyright', 'website=x')
    expect(raw.status).toBe(400)
  })
})

describe('siteOrigin', () => {
  it('reduces any way of writing a site to its origin', () => {
    expect(siteOrigin('https://A.example.com:8443/x/y?q')).toBe('https://a.example.com:8443')
    expect(siteOrigin('a.example.com')).toBe('https://a.example.com')
    expect(siteOrigin('http://a.example.com/')).toBe('http://a.example.com')
    expect(siteOrigin('')).toBeNull()
    expect(siteOrigin(undefined)).toBeNull()
    expect(siteOrigin('::::')).toBeNull()
  })
})
