import { and, count, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, dictDetails, dicts } from '../../db/schema'
import { createTestApi, type TestApi } from '../../testing/harness'
import { sessionFor } from '../../testing/sessions'

let api: TestApi
let admin: string
let auditor: string
let company: string
let colours: number
let sizes: number

const save = (body: Record<string, unknown>, token = admin, lang?: string) =>
  api.call('/dict/value/save', body, { token, lang })
const list = (body: Record<string, unknown>, token = admin) =>
  api.call('/dict/value/list', body, { token })
const codes = (res: { body: { data: { list: { code: string }[] } } }) =>
  res.body.data.list.map((v) => v.code)

async function valueRows() {
  const [{ n }] = await api.deps.db.select({ n: count() }).from(dictDetails)
  // Writes recorded; a refused call's own row (outcome `refused`) is no write (docs/audit.md).
  const [{ a }] = await api.deps.db
    .select({ a: count() })
    .from(auditLog)
    .where(eq(auditLog.outcome, 'done'))
  return [Number(n), Number(a)]
}

async function defaults(dictId: number) {
  const rows = await api.deps.db
    .select({ code: dictDetails.code })
    .from(dictDetails)
    .where(and(eq(dictDetails.dictId, dictId), eq(dictDetails.isDefault, true)))
  return rows.map((r) => r.code)
}

beforeAll(async () => {
  api = await createTestApi()
  ;[admin, auditor, company] = await Promise.all(
    ['admin', 'auditor', 'company.admin'].map((n) => sessionFor(api, n)),
  )
  const mk = async (code: string) =>
    (await api.call('/dict/save', { code, name: code }, { token: admin })).body.data.id as number
  colours = await mk('colour')
  sizes = await mk('size')
  const names = ['Red', 'Green', 'Blue', 'Cyan', 'Magenta', 'Yellow', 'Black', 'White']
  for (const [i, name] of names.entries()) {
    api.clock.advance(1)
    const res = await save({
      dictId: colours,
      code: name.toLowerCase(),
      name,
      seq: names.length - i,
      active: i < 6,
    })
    expect(res.body.code).toBe(0)
  }
  await save({ dictId: sizes, code: 'red', name: 'Also red, another dictionary' })
})
afterAll(() => api.close())

describe('/dict/value/list', () => {
  it('lists one dictionary, by seq by default, with paging', async () => {
    const page1 = await list({ dictId: colours, pageSize: 10 })
    expect(page1.body.data.total).toBe(8)
    expect(codes(page1)).toEqual([
      'white',
      'black',
      'yellow',
      'magenta',
      'cyan',
      'blue',
      'green',
      'red',
    ])
    expect(page1.body.data.list[0]).toMatchObject({
      dictId: colours,
      seq: 1,
      parentId: null,
      isDefault: false,
      descriptor: '',
      otherText: '',
    })
    const other = await list({ dictId: sizes })
    expect(codes(other)).toEqual(['red'])
  })

  it('refuses a missing dictId (400) and an unknown dictionary (1202)', async () => {
    const none = await list({})
    expect(none.status).toBe(400)
    expect(none.body.data.fieldErrors[0].field).toBe('dictId')
    const unknown = await list({ dictId: 999999 })
    expect(unknown.status).toBe(404)
    expect(unknown.body.code).toBe(1202)
    const exported = await api.call(
      '/dict/value/export',
      { dictId: 999999, format: 'csv' },
      {
        token: admin,
      },
    )
    expect(exported.body.code).toBe(1202)
  })

  // Paging, sorts, filters, the view-only user and export: the kit's suite (values.resource.test.ts).
  it('is open to the company administrator (menu)', async () => {
    expect((await list({ dictId: colours }, company)).body.code).toBe(0)
  })
})

describe('/dict/value/save', () => {
  it('creates, reads and edits a value', async () => {
    const made = await save({
      dictId: colours,
      code: 'orange',
      name: 'Orange',
      seq: 20,
      descriptor: 'warm',
      otherText: '#ffa500',
    })
    expect(made.body.code).toBe(0)
    const id = made.body.data.id
    const detail = await api.call('/dict/value/detail', { id }, { token: company })
    expect(detail.body.data).toEqual(made.body.data)
    const edited = await save({ id, dictId: colours, code: 'orange', name: 'Amber', seq: 21 })
    expect(edited.body.data).toMatchObject({ id, name: 'Amber', seq: 21, descriptor: '' })
    const gone = await api.call('/dict/value/detail', { id: 999999 }, { token: admin })
    expect(gone.body.code).toBe(1203)
  })

  it('keeps codes unique per dictionary, not across dictionaries', async () => {
    const before = await valueRows()
    const dup = await save({ dictId: colours, code: 'red', name: 'Red again' })
    expect(dup.status).toBe(422)
    expect(dup.body.code).toBe(1204)
    expect(dup.body.data.fieldErrors).toEqual([{ field: 'code', message: 'Duplicate item exists' }])
    expect(await valueRows()).toEqual(before)
    const zh = await save({ dictId: colours, code: 'red', name: 'x' }, admin, 'zh_CN')
    expect(zh.body.msg).toBe('存在重复项（本字典中已有编码 red）')
  })

  it('keeps one default per dictionary', async () => {
    const all = (await list({ dictId: colours, pageSize: 20 })).body.data.list as {
      id: number
      code: string
      name: string
    }[]
    const red = all.find((v) => v.code === 'red')!
    const blue = all.find((v) => v.code === 'blue')!
    await save({ id: red.id, dictId: colours, code: 'red', name: 'Red', isDefault: true })
    expect(await defaults(colours)).toEqual(['red'])
    await save({ id: blue.id, dictId: colours, code: 'blue', name: 'Blue', isDefault: true })
    expect(await defaults(colours)).toEqual(['blue'])
    await save({ dictId: colours, code: 'purple', name: 'Purple', isDefault: true })
    expect(await defaults(colours)).toEqual(['purple'])
    // The other dictionary's default is its own business.
    await save({ dictId: sizes, code: 'xl', name: 'XL', isDefault: true })
    expect(await defaults(colours)).toEqual(['purple'])
    expect(await defaults(sizes)).toEqual(['xl'])
    const filtered = await list({ dictId: colours, filters: { isDefault: true } })
    expect(codes(filtered)).toEqual(['purple'])
  })

  it('checks the parent: it must exist and must not be the value or below it', async () => {
    const parent = (await save({ dictId: colours, code: 'warm', name: 'Warm' })).body.data
    const child = (
      await save({ dictId: colours, code: 'coral', name: 'Coral', parentId: parent.id })
    ).body.data
    expect(child.parentId).toBe(parent.id)
    const grandchild = (
      await save({ dictId: colours, code: 'salmon', name: 'Salmon', parentId: child.id })
    ).body.data

    const missing = await save({ dictId: colours, code: 'x', name: 'x', parentId: 999999 })
    expect(missing.body.code).toBe(1205)
    expect(missing.body.data.fieldErrors[0].field).toBe('parentId')

    const self = await save({ ...parent, parentId: parent.id })
    expect(self.body.code).toBe(1206)
    const loop = await save({ ...parent, parentId: grandchild.id })
    expect(loop.body.code).toBe(1206)
    const [still] = await api.deps.db
      .select()
      .from(dictDetails)
      .where(eq(dictDetails.id, parent.id))
    expect(still.parentId).toBeNull()

    // A parent in another dictionary is allowed (e.g. states under countries).
    const cross = await save({ dictId: sizes, code: 'warm-xl', name: 'x', parentId: parent.id })
    expect(cross.body.code).toBe(0)

    const inUse = await api.call('/dict/value/delete', { ids: [child.id] }, { token: admin })
    expect(inUse.body.code).toBe(1207)
    const dictInUse = await api.call('/dict/delete', { ids: [colours] }, { token: admin })
    expect(dictInUse.body.code).toBe(1207)
    const both = await api.call(
      '/dict/value/delete',
      { ids: [child.id, grandchild.id] },
      { token: admin },
    )
    expect(both.body.data).toEqual({ deleted: 2 })
    await api.call('/dict/value/delete', { ids: [cross.body.data.id] }, { token: admin })
  })

  it('does not move a value to another dictionary', async () => {
    const [red] = await api.deps.db
      .select()
      .from(dictDetails)
      .where(and(eq(dictDetails.dictId, colours), eq(dictDetails.code, 'red')))
    const res = await save({ id: red.id, dictId: sizes, code: 'red2', name: 'Red' })
    expect(res.body.code).toBe(1208)
    const res2 = await save({ dictId: 999999, code: 'red2', name: 'Red' })
    expect(res2.body.code).toBe(1202)
  })

  it.each([
    ['no dictId', { code: 'a', name: 'a' }, 'dictId'],
    ['empty code', { dictId: 1, code: '', name: 'a' }, 'code'],
    ['name over 100', { dictId: 1, code: 'a', name: 'n'.repeat(101) }, 'name'],
    ['seq negative', { dictId: 1, code: 'a', name: 'a', seq: -1 }, 'seq'],
    ['seq fraction', { dictId: 1, code: 'a', name: 'a', seq: 1.5 }, 'seq'],
    [
      'descriptor over 100',
      { dictId: 1, code: 'a', name: 'a', descriptor: 'd'.repeat(101) },
      'descriptor',
    ],
    ['parentId text', { dictId: 1, code: 'a', name: 'a', parentId: 'x' }, 'parentId'],
    ['isDefault text', { dictId: 1, code: 'a', name: 'a', isDefault: 'true' }, 'isDefault'],
  ])('refuses %s with 400 and writes nothing', async (_l, body, field) => {
    const before = await valueRows()
    const res = await save(body)
    expect(res.status).toBe(400)
    expect(res.body.data.fieldErrors.map((f: { field: string }) => f.field)).toContain(field)
    expect(await valueRows()).toEqual(before)
  })
})

describe('/dict/value/delete and permissions', () => {
  it('deletes values, audited', async () => {
    const made = (await save({ dictId: sizes, code: 's', name: 'S' })).body.data
    const res = await api.call('/dict/value/delete', { ids: [made.id] }, { token: admin })
    expect(res.body.data).toEqual({ deleted: 1 })
    const [last] = await api.deps.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1)
    expect(last).toMatchObject({ action: 'dict.value.delete', target: `dict-value:${made.id}` })
  })

  it('answers an empty selection with "please Select Row" and a missing id with 1203', async () => {
    const empty = await api.call('/dict/value/delete', { ids: [] }, { token: admin })
    expect(empty.body.data.fieldErrors).toEqual([{ field: 'ids', message: 'please Select Row' }])
    const missing = await api.call('/dict/value/delete', { ids: [999999] }, { token: admin })
    expect(missing.body.code).toBe(1203)
  })

  it('refuses the auditor and the company administrator every write, writing nothing', async () => {
    const [red] = await api.deps.db
      .select()
      .from(dictDetails)
      .where(and(eq(dictDetails.dictId, colours), eq(dictDetails.code, 'red')))
    const before = await valueRows()
    for (const token of [auditor, company]) {
      for (const [path, body] of [
        ['/dict/value/save', { dictId: colours, code: 'new', name: 'New' }],
        ['/dict/value/save', { id: red.id, dictId: colours, code: 'red', name: 'Changed' }],
        ['/dict/value/delete', { ids: [red.id] }],
      ] as const) {
        const res = await api.call(path, body, { token })
        expect(res.status).toBe(403)
        expect(res.body.code).toBe(1403)
      }
    }
    expect(await valueRows()).toEqual(before)
    const [same] = await api.deps.db.select().from(dictDetails).where(eq(dictDetails.id, red.id))
    expect(same.name).toBe('Red')
  })

  it('deleting a dictionary takes its values along', async () => {
    const res = await api.call('/dict/delete', { ids: [sizes] }, { token: admin })
    expect(res.body.code).toBe(0)
    const left = await api.deps.db.select().from(dictDetails).where(eq(dictDetails.dictId, sizes))
    expect(left).toEqual([])
    expect(await api.deps.db.select().from(dicts).where(eq(dicts.id, sizes))).toEqual([])
  })
})
