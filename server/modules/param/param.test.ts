import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, parameters } from '../../db/schema'
import { createTestApi, type TestApi } from '../../testing/harness'
import { sessionFor } from '../../testing/sessions'

let api: TestApi
let admin: string
let auditor: string
let company: string

const save = (body: Record<string, unknown>, token = admin, lang?: string) =>
  api.call('/parameter/save', body, { token, lang })
const list = (body: Record<string, unknown>, token = admin) =>
  api.call('/parameter/list', body, { token })
const names = (res: { body: { data: { list: { name: string }[] } } }) =>
  res.body.data.list.map((p) => p.name)

async function counts() {
  const [{ p }] = await api.deps.db.select({ p: count() }).from(parameters)
  const [{ a }] = await api.deps.db.select({ a: count() }).from(auditLog)
  return [Number(p), Number(a)]
}

async function byName(name: string) {
  const [row] = await api.deps.db.select().from(parameters).where(eq(parameters.name, name))
  return row
}

beforeAll(async () => {
  api = await createTestApi()
  ;[admin, auditor, company] = await Promise.all(
    ['admin', 'auditor', 'company.admin'].map((n) => sessionFor(api, n)),
  )
  // Four seeded parameters plus eleven: fifteen in all.
  for (let i = 1; i <= 11; i++) {
    api.clock.advance(1)
    const res = await save({
      name: `test.p${String(i).padStart(2, '0')}`,
      value: `${i}`,
      active: i <= 5,
    })
    expect(res.body.code).toBe(0)
  }
})
afterAll(() => api.close())

describe('/parameter/list', () => {
  it('pages by name', async () => {
    const p1 = await list({ pageNum: 1, pageSize: 10 })
    expect(p1.body.data.total).toBe(15)
    expect(names(p1)[0]).toBe('card.min_topup')
    const p2 = await list({ pageNum: 2, pageSize: 10 })
    expect(p2.body.data.list).toHaveLength(5)
    expect(new Set([...names(p1), ...names(p2)]).size).toBe(15)
    expect(
      p1.body.data.list.find((p: { name: string }) => p.name === 'mail.reset_link_minutes'),
    ).toMatchObject({ editable: false, value: '30' })
  })

  it('sorts both ways', async () => {
    const desc = await list({ pageSize: 20, sort: { field: 'name', order: 'desc' } })
    expect(names(desc)[0]).toBe('test.p11')
    const created = await list({ pageSize: 20, sort: { field: 'createdAt', order: 'desc' } })
    expect(names(created).filter((n) => n.startsWith('test.'))[0]).toBe('test.p11')
    const bad = await list({ sort: { field: 'value', order: 'asc' } })
    expect(bad.status).toBe(400)
  })

  it('filters by name and active', async () => {
    expect((await list({ filters: { name: 'CARD.' } })).body.data.total).toBe(2)
    expect((await list({ filters: { active: false } })).body.data.total).toBe(6)
    expect((await list({ filters: { name: 'test', active: true } })).body.data.total).toBe(5)
    expect((await list({ filters: { name: '_' } })).body.data.total).toBe(3)
  })

  it('refuses an invalid page size', async () => {
    const res = await list({ pageSize: 25 })
    expect(res.status).toBe(400)
    expect(res.body.data.fieldErrors[0].field).toBe('pageSize')
  })
})

describe('/parameter/save, /parameter/detail, /parameter/delete', () => {
  it('creates, reads, edits and deletes', async () => {
    const made = await save({ name: 'fx.margin', value: '0.5', description: 'Margin in percent' })
    expect(made.body.data).toMatchObject({
      name: 'fx.margin',
      value: '0.5',
      active: true,
      editable: true,
    })
    const id = made.body.data.id
    const detail = await api.call('/parameter/detail', { id }, { token: auditor })
    expect(detail.body.data).toEqual(made.body.data)
    const edited = await save({ id, name: 'fx.margin', value: '0.75', active: false })
    expect(edited.body.data).toMatchObject({ value: '0.75', active: false, description: '' })
    const del = await api.call('/parameter/delete', { ids: [id] }, { token: admin })
    expect(del.body.data).toEqual({ deleted: 1 })
    expect(await byName('fx.margin')).toBeUndefined()
    const audits = await api.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `param:${id}`))
    expect(audits.map((a) => a.action)).toEqual(['param.create', 'param.update', 'param.delete'])
  })

  it('refuses a duplicate name', async () => {
    const before = await counts()
    const dup = await save({ name: 'card.min_topup', value: '1' })
    expect(dup.status).toBe(422)
    expect(dup.body.code).toBe(1301)
    expect(dup.body.msg).toBe('Duplicate item exists (parameter card.min_topup)')
    expect(dup.body.data.fieldErrors).toEqual([{ field: 'name', message: 'Duplicate item exists' }])
    const other = await byName('test.p01')
    const rename = await save({ id: other.id, name: 'card.min_topup', value: '1' })
    expect(rename.body.code).toBe(1301)
    expect(await counts()).toEqual(before)
    expect((await byName('test.p01')).value).toBe('1')
  })

  it('refuses to change or delete a built-in parameter', async () => {
    const fixed = await byName('mail.reset_link_minutes')
    const before = await counts()
    const change = await save({ id: fixed.id, name: fixed.name, value: '5' })
    expect(change.status).toBe(422)
    expect(change.body.code).toBe(1303)
    expect(change.body.msg).toBe(
      'The parameter mail.reset_link_minutes is read-only and cannot be changed or deleted',
    )
    const zh = await save({ id: fixed.id, name: fixed.name, value: '5' }, admin, 'zh_CN')
    expect(zh.body.msg).toBe('参数 mail.reset_link_minutes 为只读，不能修改或删除')
    const other = await byName('test.p02')
    const del = await api.call('/parameter/delete', { ids: [other.id, fixed.id] }, { token: admin })
    expect(del.body.code).toBe(1303)
    expect(await counts()).toEqual(before)
    expect((await byName('mail.reset_link_minutes')).value).toBe('30')
  })

  it('answers missing rows with 1302 and an empty selection with "please Select Row"', async () => {
    expect((await api.call('/parameter/detail', { id: 999999 }, { token: admin })).body.code).toBe(
      1302,
    )
    expect((await save({ id: 999999, name: 'ghost', value: '1' })).body.code).toBe(1302)
    expect(
      (await api.call('/parameter/delete', { ids: [999999] }, { token: admin })).body.code,
    ).toBe(1302)
    const empty = await api.call('/parameter/delete', { ids: [] }, { token: admin })
    expect(empty.status).toBe(400)
    expect(empty.body.data.fieldErrors).toEqual([{ field: 'ids', message: 'please Select Row' }])
  })

  it.each([
    ['no name', { value: '1' }, 'name'],
    ['no value', { name: 'x' }, 'value'],
    ['empty value', { name: 'x', value: '  ' }, 'value'],
    ['value over 500', { name: 'x', value: 'v'.repeat(501) }, 'value'],
    ['name over 100', { name: 'n'.repeat(101), value: '1' }, 'name'],
    [
      'description over 500',
      { name: 'x', value: '1', description: 'd'.repeat(501) },
      'description',
    ],
    ['active text', { name: 'x', value: '1', active: 'no' }, 'active'],
    ['id text', { id: 'one', name: 'x', value: '1' }, 'id'],
  ])('refuses %s with 400 and writes nothing', async (_l, body, field) => {
    const before = await counts()
    const res = await save(body)
    expect(res.status).toBe(400)
    expect(res.body.data.fieldErrors.map((f: { field: string }) => f.field)).toContain(field)
    expect(await counts()).toEqual(before)
  })
})

describe('permissions', () => {
  it('refuses the company administrator the screen (403)', async () => {
    for (const path of ['/parameter/list', '/parameter/detail']) {
      const res = await api.call(path, { id: 1 }, { token: company })
      expect(res.status).toBe(403)
      expect(res.body.code).toBe(403)
    }
  })

  it('refuses the auditor every write with 1403 and the view-only message', async () => {
    const p = await byName('test.p03')
    const before = await counts()
    for (const [path, body] of [
      ['/parameter/save', { name: 'by.auditor', value: '1' }],
      ['/parameter/save', { id: p.id, name: p.name, value: 'changed' }],
      ['/parameter/delete', { ids: [p.id] }],
    ] as const) {
      const res = await api.call(path, body, { token: auditor })
      expect(res.status).toBe(403)
      expect(res.body).toEqual({
        code: 1403,
        msg: 'Your current account does not have permission to save changes (view only)',
        data: null,
      })
    }
    expect(await counts()).toEqual(before)
    expect((await byName('test.p03')).value).toBe('3')
  })
})
