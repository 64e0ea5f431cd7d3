import { count, eq } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  auditLog,
  buttons,
  dictDetails,
  dicts,
  menus,
  roleButtons,
  roleMenus,
  roles,
  users,
} from '../../db/schema'
import { isUniqueViolation } from '../../db/uniqueViolation'
import { createTestApi, type TestApi } from '../../testing/harness'
import { sessionFor } from '../../testing/sessions'

let api: TestApi
let admin: string
let auditor: string
let company: string
let merchant: string

const VIEW_ONLY = 'Your current account does not have permission to save changes (view only)'

async function rows(table: PgTable) {
  const [{ n }] = await api.deps.db.select({ n: count() }).from(table)
  return Number(n)
}

const save = (body: unknown, token = admin, lang?: string) =>
  api.call('/dict/save', body, { token, lang })
const list = (body: unknown, token = admin) => api.call('/dict/list', body, { token })
const codes = (res: { body: { data: { list: { code: string }[] } } }) =>
  res.body.data.list.map((d) => d.code)

beforeAll(async () => {
  api = await createTestApi()
  ;[admin, auditor, company, merchant] = await Promise.all(
    ['admin', 'auditor', 'company.admin', 'merchant.user'].map((n) => sessionFor(api, n)),
  )
  // 25 more dictionaries beside the two seeded ones, each a second apart, half of them
  // inactive, a third of type 'biz'.
  for (let i = 1; i <= 25; i++) {
    api.clock.advance(1)
    const res = await save({
      code: `zz_${String(i).padStart(2, '0')}`,
      name: `Bulk ${String(26 - i).padStart(2, '0')}`,
      type: i % 3 === 0 ? 'biz' : 'system',
      active: i % 2 === 0,
    })
    expect(res.body.code).toBe(0)
  }
})
afterAll(() => api.close())

describe('/dict/list paging', () => {
  it('answers the first page and the total', async () => {
    const res = await list({ pageNum: 1, pageSize: 10 })
    expect(res.status).toBe(200)
    expect(res.body.code).toBe(0)
    expect(res.body.data.total).toBe(27)
    expect(res.body.data.list).toHaveLength(10)
    expect(res.body.data.list[0]).toMatchObject({
      code: 'card_status',
      name: 'Card status',
      type: 'system',
      active: true,
      loading: false,
    })
    expect(res.body.data.list[0].createdAt).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/)
  })

  it('answers page 2 and the short last page without overlap', async () => {
    const seen: string[] = []
    for (const pageNum of [1, 2, 3]) {
      const res = await list({ pageNum, pageSize: 10 })
      expect(res.body.data.total).toBe(27)
      seen.push(...codes(res))
    }
    expect(seen).toHaveLength(27)
    expect(new Set(seen).size).toBe(27)
    const page2 = await list({ pageNum: 2, pageSize: 10 })
    expect(codes(page2)[0]).toBe('zz_09')
    const beyond = await list({ pageNum: 9, pageSize: 10 })
    expect(beyond.body.data).toEqual({ list: [], total: 27 })
  })

  it('accepts every page size of the spec', async () => {
    for (const pageSize of [10, 20, 30, 50, 100, 200]) {
      const res = await list({ pageNum: 1, pageSize })
      expect(res.body.code).toBe(0)
      expect(res.body.data.list).toHaveLength(Math.min(pageSize, 27))
    }
  })

  it('defaults to page 1 of 10', async () => {
    const res = await list({})
    expect(res.body.data.list).toHaveLength(10)
  })

  it.each([
    [{ pageSize: 15 }, 'pageSize'],
    [{ pageSize: '10' }, 'pageSize'],
    [{ pageNum: 0 }, 'pageNum'],
    [{ pageNum: 1.5 }, 'pageNum'],
  ])('refuses %j with a 400 field error', async (body, field) => {
    const res = await list(body)
    expect(res.status).toBe(400)
    expect(res.body.code).toBe(400)
    expect(res.body.data.fieldErrors.map((f: { field: string }) => f.field)).toContain(field)
  })
})

describe('/dict/list sort', () => {
  it('sorts by code both ways', async () => {
    const asc = await list({ pageSize: 200, sort: { field: 'code', order: 'asc' } })
    const desc = await list({ pageSize: 200, sort: { field: 'code', order: 'desc' } })
    expect(codes(asc)).toEqual([...codes(asc)].sort())
    expect(codes(desc)).toEqual([...codes(asc)].reverse())
  })

  it('sorts by name both ways', async () => {
    const asc = await list({ pageSize: 10, sort: { field: 'name', order: 'asc' } })
    expect(asc.body.data.list[0].name).toBe('Bulk 01')
    const desc = await list({ pageSize: 10, sort: { field: 'name', order: 'desc' } })
    expect(desc.body.data.list[0].name).toBe('Transaction status')
  })

  it('sorts by creation time both ways', async () => {
    // The seeded rows carry the database's own clock; compare the ones made on the test clock.
    const bulk = (res: Parameters<typeof codes>[0]) => codes(res).filter((c) => c.startsWith('zz_'))
    const desc = await list({ pageSize: 200, sort: { field: 'createdAt', order: 'desc' } })
    const asc = await list({ pageSize: 200, sort: { field: 'createdAt', order: 'asc' } })
    expect(bulk(asc)).toEqual(bulk(asc).sort())
    expect(bulk(desc)).toEqual(bulk(asc).reverse())
  })

  it('refuses an unknown sort field or order with a 400 field error', async () => {
    for (const sort of [
      { field: 'remark', order: 'asc' },
      { field: 'code', order: 'up' },
    ]) {
      const res = await list({ sort })
      expect(res.status).toBe(400)
      expect(res.body.data.fieldErrors[0].field).toMatch(/^sort\./)
    }
  })
})

describe('/dict/list filters', () => {
  it('filters by code and name (contains, any case)', async () => {
    const byCode = await list({ pageSize: 200, filters: { code: 'ZZ_0' } })
    expect(byCode.body.data.total).toBe(9)
    const byName = await list({ pageSize: 200, filters: { name: 'status' } })
    expect(codes(byName).sort()).toEqual(['card_status', 'transaction_status'])
  })

  it('filters by type (exact) and active', async () => {
    const biz = await list({ pageSize: 200, filters: { type: 'biz' } })
    expect(biz.body.data.total).toBe(8)
    expect(await list({ filters: { type: 'bi' } }).then((r) => r.body.data.total)).toBe(0)
    const inactive = await list({ pageSize: 200, filters: { active: false } })
    expect(inactive.body.data.total).toBe(13)
    const both = await list({ pageSize: 200, filters: { active: true, type: 'biz' } })
    expect(both.body.data.total).toBe(4)
  })

  it('treats empty text filters as no filter', async () => {
    const res = await list({ filters: { code: '', name: '' } })
    expect(res.body.data.total).toBe(27)
  })

  it('matches %, _ and \\ literally', async () => {
    for (const code of ['esc%a', 'esc_a', 'escXa', 'esc\\a']) {
      expect((await save({ code, name: 'Escaping' })).body.code).toBe(0)
    }
    const find = async (code: string) =>
      codes(await list({ pageSize: 200, filters: { code } })).sort()
    expect(await find('%')).toEqual(['esc%a'])
    expect(await find('c_a')).toEqual(['esc_a'])
    expect(await find('\\')).toEqual(['esc\\a'])
    expect(await find('esc')).toHaveLength(4)
    const del = await api.deps.db
      .select({ id: dicts.id })
      .from(dicts)
      .where(eq(dicts.name, 'Escaping'))
    await api.call('/dict/delete', { ids: del.map((d) => d.id) }, { token: admin })
  })

  it('refuses an unknown filter or a wrong filter type', async () => {
    for (const filters of [{ remark: 'x' }, { active: 'yes' }, { code: 'x'.repeat(101) }]) {
      const res = await list({ filters })
      expect(res.status).toBe(400)
      expect(res.body.code).toBe(400)
    }
  })
})

describe('/dict/save, /dict/detail, /dict/delete', () => {
  it('creates, reads, edits and deletes a dictionary, auditing each write', async () => {
    const auditBefore = await rows(auditLog)
    const created = await save({
      code: 'fee_type',
      name: 'Fee type',
      type: 'biz',
      remark: 'Kinds of fees',
      loading: true,
    })
    expect(created.status).toBe(200)
    expect(created.body.data).toMatchObject({
      code: 'fee_type',
      name: 'Fee type',
      type: 'biz',
      remark: 'Kinds of fees',
      active: true,
      loading: true,
    })
    const id = created.body.data.id

    const detail = await api.call('/dict/detail', { id }, { token: company })
    expect(detail.body.data).toEqual(created.body.data)

    api.clock.advance(60)
    const edited = await save({ id, code: 'fee_type', name: 'Fee kind', active: false })
    expect(edited.body.data).toMatchObject({ id, name: 'Fee kind', active: false, remark: '' })
    expect(edited.body.data.updatedAt > edited.body.data.createdAt).toBe(true)

    const removed = await api.call('/dict/delete', { ids: [id] }, { token: admin })
    expect(removed.body).toMatchObject({ code: 0, data: { deleted: 1 } })
    const gone = await api.call('/dict/detail', { id }, { token: admin })
    expect(gone.status).toBe(404)
    expect(gone.body.code).toBe(1202)

    const entries = await api.deps.db.select().from(auditLog).orderBy(auditLog.id)
    expect(entries.slice(auditBefore).map((e) => [e.action, e.loginName])).toEqual([
      ['dict.create', 'admin'],
      ['dict.update', 'admin'],
      ['dict.delete', 'admin'],
    ])
  })

  it('trims text and keeps the 100 / 500 limits', async () => {
    const ok = await save({ code: '  trimmed ', name: 'n'.repeat(100), remark: 'r'.repeat(500) })
    expect(ok.body.data.code).toBe('trimmed')
    await api.call('/dict/delete', { ids: [ok.body.data.id] }, { token: admin })
  })

  it('refuses a duplicate code on create and on update, with a field error', async () => {
    const before = await rows(dicts)
    const dup = await save({ code: 'card_status', name: 'Again' })
    expect(dup.status).toBe(422)
    expect(dup.body.code).toBe(1201)
    expect(dup.body.msg).toBe('Duplicate item exists (code card_status)')
    expect(dup.body.data.fieldErrors).toEqual([{ field: 'code', message: 'Duplicate item exists' }])
    expect(await rows(dicts)).toBe(before)

    const [tx] = await api.deps.db.select().from(dicts).where(eq(dicts.code, 'transaction_status'))
    const clash = await save({ id: tx.id, code: 'card_status', name: tx.name })
    expect(clash.body.code).toBe(1201)
    const [still] = await api.deps.db.select().from(dicts).where(eq(dicts.id, tx.id))
    expect(still.code).toBe('transaction_status')
  })

  it('answers two simultaneous creates of one code with one success and one 1201', async () => {
    const [a, b] = await Promise.all([
      save({ code: 'race_code', name: 'A' }),
      save({ code: 'race_code', name: 'B' }),
    ])
    expect([a.body.code, b.body.code].sort()).toEqual([0, 1201])
    const made = await api.deps.db.select().from(dicts).where(eq(dicts.code, 'race_code'))
    expect(made).toHaveLength(1)
    await api.call('/dict/delete', { ids: [made[0].id] }, { token: admin })
  })

  it('recognises the unique violation of either driver', async () => {
    const err = await api.deps.db
      .insert(dicts)
      .values({ code: 'transaction_status', name: 'x' })
      .then(() => null)
      .catch((e: unknown) => e)
    expect(isUniqueViolation(err, 'dicts_code_unique')).toBe(true)
    expect(isUniqueViolation(err, 'other_constraint')).toBe(false)
    expect(isUniqueViolation(new Error('boom'))).toBe(false)
  })

  it('answers an update of a missing dictionary with 1202', async () => {
    const res = await save({ id: 999999, code: 'ghost', name: 'Ghost' })
    expect(res.status).toBe(404)
    expect(res.body.code).toBe(1202)
    expect(await api.deps.db.select().from(dicts).where(eq(dicts.code, 'ghost'))).toEqual([])
  })

  it('deletes a dictionary together with its values', async () => {
    const [card] = await api.deps.db.select().from(dicts).where(eq(dicts.code, 'card_status'))
    const values = () =>
      api.deps.db.select().from(dictDetails).where(eq(dictDetails.dictId, card.id))
    expect(await values()).toHaveLength(4)
    const res = await api.call('/dict/delete', { ids: [card.id] }, { token: admin })
    expect(res.body.data.deleted).toBe(1)
    expect(await values()).toEqual([])
  })

  it('deletes nothing when one of the ids is missing', async () => {
    const [tx] = await api.deps.db.select().from(dicts).where(eq(dicts.code, 'transaction_status'))
    const res = await api.call('/dict/delete', { ids: [tx.id, 987654] }, { token: admin })
    expect(res.status).toBe(404)
    expect(res.body.code).toBe(1202)
    expect(await api.deps.db.select().from(dicts).where(eq(dicts.id, tx.id))).toHaveLength(1)
  })

  it('answers an empty selection with "please Select Row"', async () => {
    const res = await api.call('/dict/delete', { ids: [] }, { token: admin })
    expect(res.status).toBe(400)
    expect(res.body.data.fieldErrors).toEqual([{ field: 'ids', message: 'please Select Row' }])
    const zh = await api.call('/dict/delete', { ids: [] }, { token: admin, lang: 'zh_CN' })
    expect(zh.body.data.fieldErrors).toEqual([{ field: 'ids', message: '请选择行' }])
  })
})

describe('malformed bodies', () => {
  const bad: [string, unknown, string][] = [
    ['no body fields', {}, 'code'],
    ['empty code', { code: '', name: 'x' }, 'code'],
    ['blank name', { code: 'x1', name: '   ' }, 'name'],
    ['code over 100', { code: 'c'.repeat(101), name: 'x' }, 'code'],
    ['remark over 500', { code: 'x2', name: 'x', remark: 'r'.repeat(501) }, 'remark'],
    ['type over 100', { code: 'x3', name: 'x', type: 't'.repeat(101) }, 'type'],
    ['active not boolean', { code: 'x4', name: 'x', active: 'yes' }, 'active'],
    ['loading not boolean', { code: 'x5', name: 'x', loading: 1 }, 'loading'],
    ['negative id', { id: -1, code: 'x6', name: 'x' }, 'id'],
    ['code a number', { code: 42, name: 'x' }, 'code'],
  ]
  it.each(bad)('refuses %s with 400 and writes nothing', async (_label, body, field) => {
    const [d, a] = [await rows(dicts), await rows(auditLog)]
    const res = await save(body)
    expect(res.status).toBe(400)
    expect(res.body.code).toBe(400)
    expect(res.body.data.fieldErrors.map((f: { field: string }) => f.field)).toContain(field)
    expect([await rows(dicts), await rows(auditLog)]).toEqual([d, a])
  })

  it('refuses a body that is not JSON', async () => {
    const res = await api.callRaw('/dict/save', '{"code": ', { token: admin })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe(400)
  })

  it('refuses ids that are not positive integers', async () => {
    for (const ids of [['1'], [0], [1.5], 'all']) {
      const res = await api.call('/dict/delete', { ids }, { token: admin })
      expect(res.status).toBe(400)
    }
  })

  it('says field errors in Chinese for zh_CN', async () => {
    const res = await save({ code: '', name: 'x' }, admin, 'zh_CN')
    expect(res.body.msg).toBe('输入有误，请检查各字段')
    expect(res.body.data.fieldErrors).toEqual([{ field: 'code', message: '不能为空' }])
    const dup = await save({ code: 'transaction_status', name: 'x' }, admin, 'zh_CN')
    expect(dup.body.msg).toBe('存在重复项（编码 transaction_status）')
    expect(dup.body.data.fieldErrors[0].message).toBe('存在重复项')
  })
})

describe('permissions', () => {
  it('refuses the auditor every write with 1403 and the view-only message, writing nothing', async () => {
    const [tx] = await api.deps.db.select().from(dicts).where(eq(dicts.code, 'transaction_status'))
    const [d, a] = [await rows(dicts), await rows(auditLog)]
    for (const [path, body] of [
      ['/dict/save', { code: 'by_auditor', name: 'x' }],
      ['/dict/save', { id: tx.id, code: tx.code, name: 'Changed by auditor' }],
      ['/dict/delete', { ids: [tx.id] }],
    ] as const) {
      const res = await api.call(path, body, { token: auditor })
      expect(res.status).toBe(403)
      expect(res.body).toEqual({ code: 1403, msg: VIEW_ONLY, data: null })
    }
    const zh = await save({ code: 'by_auditor', name: 'x' }, auditor, 'zh_CN')
    expect(zh.body.msg).toBe('当前账户没有保存修改的权限（仅可查看）')
    expect([await rows(dicts), await rows(auditLog)]).toEqual([d, a])
    const [same] = await api.deps.db.select().from(dicts).where(eq(dicts.id, tx.id))
    expect(same.name).toBe(tx.name)
  })

  it('lets the auditor and the company administrator read', async () => {
    for (const token of [auditor, company]) {
      const res = await list({}, token)
      expect(res.body.code).toBe(0)
    }
  })

  it('refuses the company administrator a save (no buttons)', async () => {
    const res = await save({ code: 'by_company', name: 'x' }, company)
    expect(res.body.code).toBe(1403)
  })

  it('refuses the merchant user the screen, and a caller without a session', async () => {
    const res = await list({}, merchant)
    expect(res.status).toBe(403)
    expect(res.body.code).toBe(403)
    const anon = await api.call('/dict/list', {})
    expect(anon.status).toBe(401)
  })

  it('checks add and edit separately: an edit-only role may update but not create', async () => {
    const db = api.deps.db
    const [role] = await db.insert(roles).values({ name: 'Dictionary editor' }).returning()
    const [screen] = await db.select().from(menus).where(eq(menus.name, 'dict-management'))
    await db.insert(roleMenus).values({ roleId: role.id, menuId: screen.id })
    const [edit] = await db.select().from(buttons).where(eq(buttons.code, 'dict-management:edit'))
    await db.insert(roleButtons).values({ roleId: role.id, buttonId: edit.id })
    await db
      .insert(users)
      .values({ loginName: 'dict.editor', roleId: role.id, passwordHash: 'unused' })
    const editor = await sessionFor(api, 'dict.editor')

    const [tx] = await db.select().from(dicts).where(eq(dicts.code, 'transaction_status'))
    const upd = await save({ id: tx.id, code: tx.code, name: 'Txn status' }, editor)
    expect(upd.body.code).toBe(0)
    const add = await save({ code: 'by_editor', name: 'x' }, editor)
    expect(add.status).toBe(403)
    expect(add.body.code).toBe(1403)
    const del = await api.call('/dict/delete', { ids: [tx.id] }, { token: editor })
    expect(del.body.code).toBe(1403)
  })
})
