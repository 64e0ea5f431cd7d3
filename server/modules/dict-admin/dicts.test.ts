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

async function rows(table: PgTable) {
  const [{ n }] = await api.deps.db.select({ n: count() }).from(table)
  return Number(n)
}

const save = (body: unknown, token = admin, lang?: string) =>
  api.call('/dict/save', body, { token, lang })
const list = (body: unknown, token = admin) => api.call('/dict/list', body, { token })

beforeAll(async () => {
  api = await createTestApi()
  ;[admin, auditor, company] = await Promise.all(
    ['admin', 'auditor', 'company.admin'].map((n) => sessionFor(api, n)),
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

// Paging, page sizes, sort, filters, the 403 of a user without the screen and the view-only
// 1403 are the kit's shared suite: dicts.resource.test.ts.

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

  it('refuses a caller without a session', async () => {
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
