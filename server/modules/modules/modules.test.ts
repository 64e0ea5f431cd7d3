import { and, desc, eq, gte } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screenByName } from '../../../src/lib/screens'
import type { MenuEntry } from '../../../src/lib/menus'
import type { RowOf } from '../../../src/resources/kit'
import type { modules as moduleDef } from '../../../src/resources/moduleAdmin'
import type { RoleDevopsData } from '../../../src/resources/modules'
import { syncMenus } from '../../db/menus'
import { auditLog, buttons, menus, roleMenus, roles } from '../../db/schema'
import { createTestApi, type TestApi } from '../../testing/harness'
import { sessionFor } from '../../testing/sessions'

/**
 * module-management, button-management and the devops modules: operators' edits of built-in
 * modules, the registry's rules, edits surviving the start-up sync and reaching the menus,
 * and devops modules granted per role deciding what the DevOps dashboard answers.
 */
let api: TestApi
let admin: string
let auditor: string

const DICT = screenByName.get('dict-management')!
const DEVOPS_DB = screenByName.get('devops-database')!

type ModuleRow = RowOf<typeof moduleDef>

const moduleOf = async (id: number) => {
  const res = await api.call<ModuleRow>('/module/detail', { id }, { token: admin })
  expect(res.body.code, res.body.msg).toBe(0)
  return res.body.data
}
const moduleList = (body: Record<string, unknown>) =>
  api.call<{ list: ModuleRow[]; total: number }>('/module/list', body, { token: admin })
const save = (body: Record<string, unknown>, token = admin) =>
  api.call<ModuleRow>('/module/save', body, { token })

/** The edit form's body for a module as it is, with `changes` over it. */
const editOf = (m: ModuleRow, changes: Record<string, unknown> = {}) => ({
  id: m.id,
  nameEn: m.nameEn,
  nameZh: m.nameZh,
  icon: m.icon,
  url: m.url,
  parentId: m.parentId,
  position: m.position,
  seq: m.seq,
  isHidden: m.isHidden,
  disabled: m.disabled,
  headerShow: m.headerShow,
  breadcrumbShow: m.breadcrumbShow,
  ...changes,
})

const find = (list: MenuEntry[], id: number): MenuEntry | undefined => {
  for (const e of list) {
    if (e.menuId === id) return e
    const inner = find(e.subMenuList, id)
    if (inner) return inner
  }
}
const menuQuery = async (token = admin) => {
  const res = await api.call<{ systemMenuList: MenuEntry[] }>('/menu/query', {}, { token })
  expect(res.body.code).toBe(0)
  return res.body.data.systemMenuList
}

const lastAudit = async (action: string) =>
  (
    await api.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, action))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0]

beforeAll(async () => {
  api = await createTestApi()
  ;[admin, auditor] = await Promise.all(['admin', 'auditor'].map((n) => sessionFor(api, n)))
})
afterAll(() => api.close())

describe('built-in modules', () => {
  it('are renamed, reordered and hidden; the menus every user receives show it; audited', async () => {
    const before = await moduleOf(DICT.id)
    expect(before.builtIn).toBe(true)
    const res = await save(
      editOf(before, { nameEn: 'Lookup lists', nameZh: '查找列表', seq: 42, isHidden: true }),
    )
    expect(res.body.code, res.body.msg).toBe(0)
    expect(res.body.data).toMatchObject({ seq: 42, isHidden: true, edited: true })
    // The auditor's menus too: its role cache dropped on the menus trigger.
    for (const token of [admin, auditor]) {
      await expect
        .poll(async () => find(await menuQuery(token), DICT.id))
        .toMatchObject({
          language: { en_US: 'Lookup lists', zh_CN: '查找列表' },
          seq: 42,
          isHidden: true,
        })
    }
    const row = await lastAudit('module.update')
    expect(row.target).toBe(`module:${DICT.id}`)
    expect(row.detail).toMatchObject({
      before: { seq: before.seq, isHidden: false, nameEn: before.nameEn },
      after: { seq: 42, isHidden: true, nameEn: 'Lookup lists' },
    })
  })

  it("keep the operator's edit through a re-sync, while registry-owned columns are restored", async () => {
    // What an upgrade's sync finds: the url drifted (registry-owned), the edit still there.
    await api.deps.db.update(menus).set({ url: '/main/elsewhere' }).where(eq(menus.id, DICT.id))
    await syncMenus(api.deps)
    const after = await moduleOf(DICT.id)
    expect(after).toMatchObject({
      url: DICT.url,
      seq: 42,
      isHidden: true,
      language: { en_US: 'Lookup lists', zh_CN: '查找列表' },
    })
    expect(find(await menuQuery(), DICT.id)).toMatchObject({ seq: 42, isHidden: true })
    // An untouched row still takes the registry's defaults.
    const param = screenByName.get('parameter-management')!
    await api.deps.db.update(menus).set({ seq: 77 }).where(eq(menus.id, param.id))
    await syncMenus(api.deps)
    expect((await moduleOf(param.id)).seq).toBe(param.seq)
  })

  it('cannot be deleted, nor have their url changed', async () => {
    const del = await api.call('/module/delete', { ids: [DICT.id] }, { token: admin })
    expect(del.status).toBe(422)
    expect(del.body.code).toBe(1111)
    const m = await moduleOf(DICT.id)
    const moved = await save(editOf(m, { url: '/main/parameter-management' }))
    expect(moved.body.code).toBe(1114)
    expect((await moduleOf(DICT.id)).url).toBe(DICT.url)
  })

  it('refuses a parent that is not a group', async () => {
    const m = await moduleOf(DICT.id)
    const res = await save(editOf(m, { parentId: screenByName.get('index')!.id }))
    expect(res.body.code).toBe(1115)
  })

  it('are listed a page at a time: found by either name, by group, sorted; exported', async () => {
    const byName = await moduleList({ filters: { name: '查找列表' } })
    expect(byName.body.data.list.map((m) => m.id)).toEqual([DICT.id])
    expect(byName.body.data.list[0]).toMatchObject({ nameEn: 'Lookup lists', builtIn: true })
    const groups = await moduleList({ pageSize: 200, filters: { group: true } })
    expect(groups.body.data.total).toBeGreaterThan(0)
    expect(groups.body.data.list.every((m) => m.category === 'group')).toBe(true)
    const page = await moduleList({ pageSize: 10, sort: { field: 'seq', order: 'desc' } })
    const seqs = page.body.data.list.map((m) => m.seq)
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a))
    const csv = await api.fetch(
      '/module/export',
      { format: 'csv', filters: { name: '查找列表' } },
      {
        token: admin,
      },
    )
    expect(csv.status).toBe(200)
    expect(csv.headers.get('X-Total-Count')).toBe('1')
    const text = await csv.text()
    expect(text).toContain('Name (English)')
    expect(text).toContain('Lookup lists')
  })

  it('a role given the screen without its buttons is view only (1403), nothing changed', async () => {
    const m = await moduleOf(DICT.id)
    expect((await save(editOf(m, { seq: 1 }), auditor)).body.code).toBe(403)
    const [auditorRole] = await api.deps.db.select().from(roles).where(eq(roles.name, 'Auditor'))
    const screen = screenByName.get('module-management')!
    await api.deps.db.insert(roleMenus).values({ roleId: auditorRole.id, menuId: screen.id })
    await expect.poll(async () => (await save(editOf(m, { seq: 1 }), auditor)).body.code).toBe(1403)
    expect((await moduleOf(DICT.id)).seq).toBe(42)
    await api.deps.db
      .delete(roleMenus)
      .where(and(eq(roleMenus.roleId, auditorRole.id), eq(roleMenus.menuId, screen.id)))
  })
})

describe('operator modules', () => {
  const group = {
    nameEn: 'Favourites',
    nameZh: '常用',
    icon: 'list',
    url: '',
    parentId: null,
    position: 2,
    seq: 5,
    category: 'group',
  }

  it('a url must be a screen of the registry', async () => {
    const res = await save({ ...group, category: 'page', url: '/main/no-such-screen' })
    expect(res.status).toBe(422)
    expect(res.body.code).toBe(1112)
    expect(
      (res.body.data as unknown as { fieldErrors: { field: string }[] }).fieldErrors[0].field,
    ).toBe('url')
    const taken = await save({ ...group, category: 'page', url: DICT.url })
    expect(taken.body.code).toBe(1113)
    expect(await api.deps.db.select().from(menus).where(gte(menus.id, 10_000_000))).toHaveLength(0)
  })

  it('a group is created, holds a moved built-in page, survives a sync, and is deleted once empty', async () => {
    const created = await save(group)
    expect(created.body.code, created.body.msg).toBe(0)
    const id = created.body.data.id
    expect(created.body.data.builtIn).toBe(false)
    const create = await lastAudit('module.create')
    expect(create.target).toBe(`module:${id}`)
    expect(create.detail).toMatchObject({ after: { nameEn: 'Favourites', category: 'group' } })
    const dict = await moduleOf(DICT.id)
    expect((await save(editOf(dict, { parentId: id }))).body.code).toBe(0)
    await syncMenus(api.deps)
    expect((await moduleOf(DICT.id)).parentId).toBe(id)
    expect((await moduleOf(id)).nameEn).toBe('Favourites')

    const refused = await api.call('/module/delete', { ids: [id] }, { token: admin })
    expect(refused.body.code).toBe(1116)
    const back = await moduleOf(DICT.id)
    expect(
      (await save(editOf(back, { parentId: DICT.group && screenByName.get(DICT.group)!.id }))).body
        .code,
    ).toBe(0)
    const del = await api.call('/module/delete', { ids: [id] }, { token: admin })
    expect(del.body.code, del.body.msg).toBe(0)
    const gone = await api.call('/module/detail', { id }, { token: admin })
    expect(gone.body.code).toBe(1110)
    expect((await lastAudit('module.delete')).target).toBe(`module:${id}`)
  })
})

describe('buttons', () => {
  it('list their menuRouterList; a rename survives a sync and reaches the menus', async () => {
    const list = await api.call<{ list: { id: number; code: string; menuRouterList: string }[] }>(
      '/button/list',
      { filters: { code: 'dict-management:add' } },
      { token: admin },
    )
    const add = list.body.data.list.find((b) => b.code === 'dict-management:add')!
    expect(add.menuRouterList).toBe('dict-management-save')
    const res = await api.call(
      '/button/save',
      { id: add.id, nameEn: 'New list', nameZh: '新建列表' },
      { token: admin },
    )
    expect(res.body.code, res.body.msg).toBe(0)
    await syncMenus(api.deps)
    const [row] = await api.deps.db.select().from(buttons).where(eq(buttons.id, add.id))
    expect(row.language).toMatchObject({ en_US: 'New list', zh_CN: '新建列表' })
    expect(row.menuRouterList).toBe('dict-management-save')
    const audit = await lastAudit('button.update')
    expect(audit.detail).toMatchObject({ before: { nameEn: 'Add' }, after: { nameEn: 'New list' } })
    // The list finds it by either language's name.
    const found = await api.call<{ list: { id: number }[] }>(
      '/button/list',
      { filters: { name: '新建列表' } },
      { token: admin },
    )
    expect(found.body.data.list.map((b) => b.id)).toEqual([add.id])
  })
})

describe('devops modules', () => {
  const roleId = async () =>
    (await api.deps.db.select().from(roles).where(eq(roles.name, 'Platform administrator')))[0].id
  const grant = async (menuIds: number[]) => {
    const res = await api.call<RoleDevopsData>(
      '/devops/module/role/save',
      { roleId: await roleId(), menuIds },
      { token: admin },
    )
    expect(res.body.code, res.body.msg).toBe(0)
    return res.body.data
  }
  /** A section's call, in `lang`: its status and code. */
  const section = async (name: string, lang?: 'en_US' | 'zh_CN') =>
    (await api.call(`/dashboard/devops/${name}`, {}, { token: admin, lang })).body

  it('a section not held is refused with the no-permission message; granted, it answers again', async () => {
    const all = (
      await api.call<RoleDevopsData>(
        '/devops/module/role',
        { roleId: await roleId() },
        { token: admin },
      )
    ).body.data
    expect(all.modules.every((m) => m.held)).toBe(true)
    expect((await section('database')).code).toBe(0)
    // The console learns which sections to ask for from the menus.
    expect(find(await menuQuery(), DEVOPS_DB.id)).toBeDefined()

    const others = all.modules.filter((m) => m.id !== DEVOPS_DB.id).map((m) => m.id)
    const data = await grant(others)
    expect(data.modules.find((m) => m.id === DEVOPS_DB.id)!.held).toBe(false)
    await expect.poll(async () => (await section('database')).code).toBe(403)
    // The refusal names the screen taken away (issue 25: refusals name themselves).
    expect(await section('database')).toMatchObject({
      data: { refusal: { kind: 'menu', menu: 'devops-database' } },
      msg: 'You do not have permission to do this',
    })
    expect((await section('database', 'zh_CN')).msg).toBe('您没有执行此操作的权限')
    // The sections still held answer, and the menus no longer list the one taken.
    expect((await section('queues')).code).toBe(0)
    expect(find(await menuQuery(), DEVOPS_DB.id)).toBeUndefined()
    const audit = await lastAudit('devops-module.grant')
    expect(audit.detail).toMatchObject({
      before: expect.arrayContaining([DEVOPS_DB.id]),
      after: expect.not.arrayContaining([DEVOPS_DB.id]),
    })

    await grant([...others, DEVOPS_DB.id])
    await expect.poll(async () => (await section('database')).code).toBe(0)
  })

  it('devops-module-management lists every role with the devops modules it holds', async () => {
    type Grant = { name: string; held: number; database: boolean; information: boolean }
    const list = async () => {
      const res = await api.call<{ list: Grant[] }>(
        '/devops/grant/list',
        { pageSize: 200 },
        { token: admin },
      )
      expect(res.body.code, res.body.msg).toBe(0)
      return new Map(res.body.data.list.map((r) => [r.name, r]))
    }
    const all = (
      await api.call<RoleDevopsData>(
        '/devops/module/role',
        { roleId: await roleId() },
        { token: admin },
      )
    ).body.data.modules.map((m) => m.id)
    expect((await list()).get('Platform administrator')).toMatchObject({
      held: all.length,
      database: true,
      information: true,
    })
    expect((await list()).get('Auditor')).toMatchObject({ held: 0, database: false })

    await grant(all.filter((id) => id !== DEVOPS_DB.id))
    expect((await list()).get('Platform administrator')).toMatchObject({
      held: all.length - 1,
      database: false,
      information: true,
    })
    await grant(all)
    // Platform administrators only: the auditor holds all screens but not this one.
    const refused = await api.call('/devops/grant/list', {}, { token: auditor })
    expect(refused.status).toBe(403)
  })

  it('a role without platform reach is refused a devops module, as in the role editor (1167)', async () => {
    const [auditorRole] = await api.deps.db.select().from(roles).where(eq(roles.name, 'Auditor'))
    const res = await api.call(
      '/devops/module/role/save',
      { roleId: auditorRole.id, menuIds: [DEVOPS_DB.id] },
      { token: admin },
    )
    expect(res.body.code).toBe(1167)
    const held = await api.call<RoleDevopsData>(
      '/devops/module/role',
      { roleId: auditorRole.id },
      { token: admin },
    )
    expect(held.body.data.modules.find((m) => m.id === DEVOPS_DB.id)!.held).toBe(false)
  })

  it('only devops modules can be granted here', async () => {
    const res = await api.call(
      '/devops/module/role/save',
      { roleId: await roleId(), menuIds: [DICT.id] },
      { token: admin },
    )
    expect(res.body.code).toBe(1118)
  })

  it('devops-module-list names who holds each; a rename is audited', async () => {
    const list = await api.call<(ModuleRow & { roles: { name: string }[] })[]>(
      '/devops/module/list',
      {},
      { token: admin },
    )
    const db = list.body.data.find((m) => m.id === DEVOPS_DB.id)!
    expect(db.roles.map((r) => r.name)).toEqual(['Platform administrator'])
    const res = await api.call(
      '/devops/module/save',
      { id: DEVOPS_DB.id, nameEn: 'DB', nameZh: '数据库', seq: 9, disabled: false },
      { token: admin },
    )
    expect(res.body.code, res.body.msg).toBe(0)
    expect(
      (
        await api.deps.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'devops-module.update')))
      ).length,
    ).toBe(1)
  })

  it('the other demo users get no devops call and no module screens', async () => {
    const company = await sessionFor(api, 'company.admin')
    for (const path of ['/module/list', '/devops/module/list', '/system/information']) {
      for (const token of [company, auditor]) {
        expect((await api.call(path, {}, { token })).status).toBe(403)
      }
    }
  })
})
