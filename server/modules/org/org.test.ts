import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { companies, merchants } from '../../db/schema'
import { createTestApi, DEMO, type TestApi } from '../../testing/harness'
import { companyTree } from './tree'

let api: TestApi
const token: Record<keyof typeof DEMO, string> = {} as never
const id: Record<string, number> = {}

beforeAll(async () => {
  api = await createTestApi()
  for (const who of Object.keys(DEMO) as (keyof typeof DEMO)[]) {
    token[who] = await api.login(DEMO[who][0], DEMO[who][1])
  }
  // A second tenant no demo company or merchant user may see.
  const [other] = await api.deps.db
    .insert(companies)
    .values({ name: 'Acme Issuing Co' })
    .returning()
  await api.deps.db.insert(merchants).values({ companyId: other.id, name: 'Acme Stores' })
  for (const c of await api.deps.db.select().from(companies)) id[c.name] = c.id
  for (const m of await api.deps.db.select().from(merchants)) id[m.name] = m.id
})
afterAll(() => api.close())

type Node = { id: number; pid: number | null; name: string; childs: Node[] }
type Merchant = { merchantId: number; name: string; companyId: number; companyName: string }

const call = async <T = any>(path: string, who: keyof typeof DEMO, body: object = {}) => {
  const res = await api.call<T>(path, body, { token: token[who] })
  return res
}
const tree = async (who: keyof typeof DEMO) => {
  const res = await call<Node[]>('/org/companyTree', who)
  expect(res.body.code).toBe(0)
  return res.body.data
}
const merchantNames = async (who: keyof typeof DEMO, body: object = {}) => {
  const res = await call<Merchant[]>('/org/merchantList', who, body)
  expect(res.body.code).toBe(0)
  return res.body.data.map((m) => m.name)
}

describe('/org/companyTree', () => {
  it('shows the platform every company', async () => {
    const roots = await tree('admin')
    expect(roots.map((n) => n.name)).toEqual(['Acme Issuing Co', 'Northwind Payments Ltd'])
    const northwind = roots[1]
    expect(northwind.childs).toEqual([
      {
        id: id['Northwind Travel Pte'],
        pid: northwind.id,
        name: 'Northwind Travel Pte',
        childs: [],
      },
    ])
    expect(await tree('auditor')).toEqual(roots)
  })

  it("shows a company administrator its company's subtree only", async () => {
    const roots = await tree('company')
    expect(roots).toHaveLength(1)
    expect(roots[0]).toMatchObject({ name: 'Northwind Payments Ltd', pid: null })
    expect(roots[0].childs.map((n) => n.name)).toEqual(['Northwind Travel Pte'])
  })

  it("shows a merchant user its merchant's company as one node, without its parent", async () => {
    expect(await tree('merchant')).toEqual([
      { id: id['Northwind Travel Pte'], pid: null, name: 'Northwind Travel Pte', childs: [] },
    ])
  })

  it('needs a session', async () => {
    const res = await api.call('/org/companyTree', {})
    expect(res.status).toBe(401)
    expect(res.body.code).toBe(401)
  })
})

describe('/org/merchantList', () => {
  it('lists the merchants in reach', async () => {
    expect(await merchantNames('admin')).toEqual([
      'Acme Stores',
      'Blue Harbor Hotels',
      'Lotus Car Rental',
      'Skyline Air Tickets',
    ])
    expect(await merchantNames('company')).toEqual([
      'Blue Harbor Hotels',
      'Lotus Car Rental',
      'Skyline Air Tickets',
    ])
    expect(await merchantNames('merchant')).toEqual(['Skyline Air Tickets'])
  })

  it('narrows to one company in reach and refuses one out of reach as not found', async () => {
    expect(await merchantNames('company', { companyId: id['Northwind Travel Pte'] })).toEqual([
      'Lotus Car Rental',
      'Skyline Air Tickets',
    ])
    expect(await merchantNames('merchant', { companyId: id['Northwind Travel Pte'] })).toEqual([
      'Skyline Air Tickets',
    ])
    for (const [who, companyId] of [
      ['company', id['Acme Issuing Co']],
      ['merchant', id['Northwind Payments Ltd']],
      ['admin', 999999],
    ] as const) {
      const res = await call('/org/merchantList', who, { companyId })
      expect(res.status, who).toBe(404)
      expect(res.body.code).toBe(404)
    }
  })
})

describe('/org/merchantDetail', () => {
  it("shows a merchant user its own merchant and no other merchant's", async () => {
    const own = await call<Record<string, unknown>>('/org/merchantDetail', 'merchant', {
      merchantId: id['Skyline Air Tickets'],
    })
    expect(own.body.code).toBe(0)
    expect(own.body.data).toMatchObject({
      name: 'Skyline Air Tickets',
      companyName: 'Northwind Travel Pte',
      registrationNo: 'SG-202054321A',
      referralCode: 'SKY002',
    })
    expect(own.body.data.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/)

    for (const name of ['Lotus Car Rental', 'Blue Harbor Hotels', 'Acme Stores']) {
      const res = await api.call(
        '/org/merchantDetail',
        { merchantId: id[name] },
        { token: token.merchant, lang: 'zh_CN' },
      )
      expect(res.status, name).toBe(404)
      expect(res.body).toEqual({ code: 404, msg: '未找到', data: null })
    }
  })

  it('answers an out-of-reach merchant exactly as a missing one', async () => {
    const other = await call('/org/merchantDetail', 'company', { merchantId: id['Acme Stores'] })
    const missing = await call('/org/merchantDetail', 'company', { merchantId: 999999 })
    expect(other.status).toBe(404)
    expect(other.body).toEqual(missing.body)
    const admin = await call('/org/merchantDetail', 'admin', { merchantId: id['Acme Stores'] })
    expect(admin.body.code).toBe(0)
  })

  it('refuses malformed bodies with field errors', async () => {
    for (const body of [{}, { merchantId: 'a' }, { merchantId: 0 }, { merchantId: 2.5 }]) {
      const res = await call('/org/merchantDetail', 'admin', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.data.fieldErrors[0].field).toBe('merchantId')
    }
    const list = await call('/org/merchantList', 'admin', { companyId: 'x' })
    expect(list.status).toBe(400)
    expect(list.body.data.fieldErrors[0].field).toBe('companyId')
  })

  it('follows a merchant user whose merchant moved to another company', async () => {
    await api.deps.db
      .update(merchants)
      .set({ companyId: id['Acme Issuing Co'] })
      .where(eq(merchants.id, id['Skyline Air Tickets']))
    expect((await tree('merchant')).map((n) => n.name)).toEqual(['Acme Issuing Co'])
    await api.deps.db
      .update(merchants)
      .set({ companyId: id['Northwind Travel Pte'] })
      .where(eq(merchants.id, id['Skyline Air Tickets']))
  })
})

describe('companyTree', () => {
  it('makes a company whose parent is out of reach a root', () => {
    const nodes = companyTree([
      { id: 2, parentId: 1, name: 'B' },
      { id: 3, parentId: 2, name: 'C' },
    ])
    expect(nodes).toEqual([
      { id: 2, pid: null, name: 'B', childs: [{ id: 3, pid: 2, name: 'C', childs: [] }] },
    ])
  })
})
