import { count } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { userColumnSetups } from '../../db/schema'
import { createTestApi, type TestApi } from '../../testing/harness'
import { sessionFor } from '../../testing/sessions'

let api: TestApi
let admin: string
let auditor: string
let company: string

const query = (body: Record<string, unknown>, token = admin) =>
  api.call('/column/query', body, { token })
const save = (body: Record<string, unknown>, token = admin, lang?: string) =>
  api.call('/column/save', body, { token, lang })

async function rows() {
  const [{ n }] = await api.deps.db.select({ n: count() }).from(userColumnSetups)
  return Number(n)
}

const SETUP = [
  { id: 'name', visible: true, width: 240 },
  { id: 'code', visible: true },
  { id: 'type', visible: false, width: 90 },
]

beforeAll(async () => {
  api = await createTestApi()
  ;[admin, auditor, company] = await Promise.all(
    ['admin', 'auditor', 'company.admin'].map((n) => sessionFor(api, n)),
  )
})
afterAll(() => api.close())

describe('/column/query and /column/save', () => {
  it('answers an empty setup before anything is saved', async () => {
    const res = await query({ screen: 'dict-management' })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({ screen: 'dict-management', columns: [] })
  })

  it('keeps order, visibility and widths as saved', async () => {
    expect((await save({ screen: 'dict-management', columns: SETUP })).body.code).toBe(0)
    expect((await query({ screen: 'dict-management' })).body.data.columns).toEqual(SETUP)
    const reordered = [SETUP[2], SETUP[0], SETUP[1]]
    await save({ screen: 'dict-management', columns: reordered })
    expect((await query({ screen: 'dict-management' })).body.data.columns).toEqual(reordered)
  })

  it('keeps each user and each screen apart', async () => {
    await save({ screen: 'dict-management', columns: SETUP })
    expect((await query({ screen: 'dict-management' }, auditor)).body.data.columns).toEqual([])
    expect((await query({ screen: 'dict-dt-management' })).body.data.columns).toEqual([])
    const mine = [{ id: 'code', visible: false }]
    await save({ screen: 'dict-management', columns: mine }, auditor)
    expect((await query({ screen: 'dict-management' }, auditor)).body.data.columns).toEqual(mine)
    expect((await query({ screen: 'dict-management' })).body.data.columns).toEqual(SETUP)
  })

  it('forgets the setup when saved empty', async () => {
    await save({ screen: 'parameter-management', columns: SETUP })
    const before = await rows()
    await save({ screen: 'parameter-management', columns: [] })
    expect(await rows()).toBe(before - 1)
    expect((await query({ screen: 'parameter-management' })).body.data.columns).toEqual([])
  })

  it("needs the screen's menu", async () => {
    // The company administrator is granted the dictionaries, not the parameters.
    expect((await query({ screen: 'dict-management' }, company)).status).toBe(200)
    const before = await rows()
    expect((await query({ screen: 'parameter-management' }, company)).status).toBe(403)
    const res = await save({ screen: 'parameter-management', columns: SETUP }, company)
    expect(res.status).toBe(403)
    expect(await rows()).toBe(before)
    expect((await api.call('/column/query', { screen: 'dict-management' })).status).toBe(401)
  })

  it('refuses bad input with field errors and writes nothing', async () => {
    const before = await rows()
    const field = async (body: Record<string, unknown>, lang?: string) => {
      const res = await save(body, admin, lang)
      expect(res.status).toBe(400)
      return res.body.data.fieldErrors[0] as { field: string; message: string }
    }
    expect(await field({ screen: 'nope', columns: [] })).toEqual({
      field: 'screen',
      message: 'Unknown screen',
    })
    expect((await field({ screen: 'nope', columns: [] }, 'zh-CN')).message).toBe('未知页面')
    // A form, not a list.
    expect((await field({ screen: 'dict-management-save', columns: [] })).field).toBe('screen')
    const many = Array.from({ length: 51 }, (_, i) => ({ id: `c${i}`, visible: true }))
    expect(await field({ screen: 'dict-management', columns: many })).toEqual({
      field: 'columns',
      message: 'Cannot be greater than 50',
    })
    const wide = [{ id: 'code', visible: true, width: 5000 }]
    expect((await field({ screen: 'dict-management', columns: wide })).field).toBe(
      'columns.0.width',
    )
    const narrow = [{ id: 'code', visible: true, width: 3 }]
    expect((await field({ screen: 'dict-management', columns: narrow })).field).toBe(
      'columns.0.width',
    )
    const twice = [
      { id: 'code', visible: true },
      { id: 'code', visible: false },
    ]
    expect(await field({ screen: 'dict-management', columns: twice })).toEqual({
      field: 'columns',
      message: 'Duplicate item exists',
    })
    const odd = [{ id: '<script>', visible: true }]
    expect((await field({ screen: 'dict-management', columns: odd })).field).toBe('columns.0.id')
    const extra = [{ id: 'code', visible: true, colour: 'red' }]
    expect((await save({ screen: 'dict-management', columns: extra })).status).toBe(400)
    expect((await save({ screen: 'dict-management' })).status).toBe(400)
    expect((await query({ screen: 42 })).status).toBe(400)
    expect(await rows()).toBe(before)
  })
})
