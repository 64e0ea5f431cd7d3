import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screenByName } from '../../src/lib/screens'
import { createTestApi, type TestApi } from '../testing/harness'
import { sessionFor } from '../testing/sessions'
import { syncMenus } from './menus'
import { buttons, menus, roleButtons, roleMenus, roles } from './schema'

/**
 * The start-up sync on an existing database: a built-in screen the database does not have yet
 * (an upgrade brought it) goes to the platform administrator role when it is created, and
 * only then — what an operator later takes from the role stays taken.
 */
let api: TestApi
let admin: string

const BUTTONS = screenByName.get('button-management')!
const MODULES = screenByName.get('module-management')!

const roleId = async (name: string) =>
  (await api.deps.db.select().from(roles).where(eq(roles.name, name)))[0].id
const menusOf = async (role: number) =>
  (
    await api.deps.db
      .select({ id: roleMenus.menuId })
      .from(roleMenus)
      .where(eq(roleMenus.roleId, role))
  ).map((r) => r.id)
const buttonsOf = async (role: number) =>
  (
    await api.deps.db
      .select({ code: buttons.code })
      .from(roleButtons)
      .innerJoin(buttons, eq(buttons.id, roleButtons.buttonId))
      .where(eq(roleButtons.roleId, role))
  ).map((r) => r.code)

/** The database as it was before the screen existed: no menu row, no button, no grant. */
async function forget(menuId: number) {
  const db = api.deps.db
  const ids = (
    await db.select({ id: buttons.id }).from(buttons).where(eq(buttons.menuId, menuId))
  ).map((b) => b.id)
  if (ids.length) {
    await db.delete(roleButtons).where(inArray(roleButtons.buttonId, ids))
    await db.delete(buttons).where(inArray(buttons.id, ids))
  }
  await db.delete(menus).where(eq(menus.id, menuId))
}

beforeAll(async () => {
  api = await createTestApi()
  admin = await sessionFor(api, 'admin')
})
afterAll(() => api.close())

describe('a built-in screen new to an existing database', () => {
  it('is granted, with its buttons, to the platform administrator role when the sync creates it', async () => {
    const platform = await roleId('Platform administrator')
    const auditor = await roleId('Auditor')
    await forget(BUTTONS.id)
    expect(await menusOf(platform)).not.toContain(BUTTONS.id)

    await syncMenus(api.deps)

    expect(await menusOf(platform)).toContain(BUTTONS.id)
    expect(await buttonsOf(platform)).toContain('button-management:edit')
    // No other role: an operator decides who else gets it.
    expect(await menusOf(auditor)).not.toContain(BUTTONS.id)
    // And the administrator reaches it: the call and the write its button allows.
    await expect
      .poll(async () => (await api.call('/button/list', {}, { token: admin })).status)
      .toBe(200)
  })

  it('is not granted again once an operator took it from the role', async () => {
    const platform = await roleId('Platform administrator')
    await api.deps.db
      .delete(roleMenus)
      .where(and(eq(roleMenus.roleId, platform), eq(roleMenus.menuId, MODULES.id)))
    const edit = (
      await api.deps.db.select().from(buttons).where(eq(buttons.code, 'module-management:edit'))
    )[0]
    await api.deps.db
      .delete(roleButtons)
      .where(and(eq(roleButtons.roleId, platform), eq(roleButtons.buttonId, edit.id)))

    await syncMenus(api.deps)
    await syncMenus(api.deps)

    expect(await menusOf(platform)).not.toContain(MODULES.id)
    expect(await buttonsOf(platform)).not.toContain('module-management:edit')
    expect(await buttonsOf(platform)).toContain('module-management:add')
  })

  it('a button the registry no longer names is removed with its grants', async () => {
    const platform = await roleId('Platform administrator')
    const [stale] = await api.deps.db
      .insert(buttons)
      .values({
        code: 'devops-module-list:grant',
        menuId: screenByName.get('devops-module-list')!.id,
        language: { en_US: 'Grant', zh_CN: '授权' },
        menuRouterList: 'role-devops-module-saveinfo',
      })
      .returning()
    await api.deps.db.insert(roleButtons).values({ roleId: platform, buttonId: stale.id })

    await syncMenus(api.deps)

    expect(await buttonsOf(platform)).not.toContain('devops-module-list:grant')
    expect(await buttonsOf(platform)).toContain('devops-module-management:grant')
    const left = await api.deps.db.select().from(buttons).where(eq(buttons.id, stale.id))
    expect(left).toEqual([])
  })
})
