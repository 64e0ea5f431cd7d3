import { parse } from 'csv-parse/sync'
import { count, eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, parameters } from '../../db/schema'
import { EXPORT_BATCH } from '../../resources/service'
import { createTestApi, type TestApi } from '../../testing/harness'
import { sessionFor } from '../../testing/sessions'

let api: TestApi
let admin: string
let auditor: string

const save = (body: Record<string, unknown>, token = admin, lang?: string) =>
  api.call('/parameter/save', body, { token, lang })

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
  ;[admin, auditor] = await Promise.all(['admin', 'auditor'].map((n) => sessionFor(api, n)))
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

describe('/parameter/export across batches (the e2e export spec seeds only a few rows)', () => {
  // Half of them active: the filter selects EXPORT_BATCH * 2 + 3 rows, three keyset batches.
  const ROWS = (EXPORT_BATCH * 2 + 3) * 2
  const name = (i: number) => `exp-${String(i).padStart(5, '0')}`
  const matching = Array.from({ length: ROWS }, (_, i) => i + 1)
    .filter((i) => i % 2 === 0)
    .map(name)
  const exportOf = (format: 'csv' | 'xlsx', sort?: { field: string; order: string }) =>
    api.fetch(
      '/parameter/export',
      { format, filters: { name: 'exp-', active: true }, ...(sort ? { sort } : {}) },
      { token: admin },
    )

  beforeAll(async () => {
    await api.deps.db.insert(parameters).values(
      Array.from({ length: ROWS }, (_, i) => i + 1).map((n) => ({
        name: name(n),
        value: String(n),
        active: n % 2 === 0,
      })),
    )
  })

  it('writes every matching row once, in the chosen order, as CSV with the total announced', async () => {
    const res = await exportOf('csv', { field: 'name', order: 'desc' })
    expect(res.status).toBe(200)
    expect(res.headers.get('X-Total-Count')).toBe(String(matching.length))
    const [header, ...rows] = parse(await res.text(), { bom: true }) as string[][]
    expect(header).toEqual(['Name', 'Value', 'Description', 'Active', 'Editable', 'Created at'])
    expect(rows.map((r) => r[0])).toEqual([...matching].reverse())
    expect(new Set(rows.map((r) => r[3]))).toEqual(new Set(['Yes']))
  })

  it('writes the same rows as XLSX, in the default order', async () => {
    const res = await exportOf('xlsx')
    expect(res.status).toBe(200)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(await res.arrayBuffer())
    const names: string[] = []
    book.worksheets[0].eachRow((row, n) => {
      if (n > 1) names.push(String(row.getCell(1).value))
    })
    expect(names).toEqual(matching)
  })
})
