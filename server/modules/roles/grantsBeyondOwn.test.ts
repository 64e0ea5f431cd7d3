import { and, count, eq, inArray, notInArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buttons, menus, roleButtons, roleMenus, roles, users } from '../../db/schema'
import { createTestApi, type TestApi } from '../../testing/harness'
import { sessionFor } from '../../testing/sessions'

/**
 * Nobody grants a button they do not hold (issue 20), over the real app: a company
 * administrator's role save, and its administrator save, both refused with their codes and
 * nothing changed. The menu is one the company administrator holds, so only the button check
 * (`grantsWithin`, server/auth/grantable.ts) stands between the caller and the grant; before
 * this file only the unit test of `grantsWithin` noticed that check broken (issue 25, finding 8d).
 */

let api: TestApi
let company: string
let companyId: number
/** A screen the company administrator holds, and a button of it that it does not. */
let heldMenu: { id: number; name: string }
let unheldButton: { id: number; code: string }
let serial = 0

beforeAll(async () => {
  api = await createTestApi()
  company = await sessionFor(api, 'company.admin')
  const db = api.deps.db
  const [me] = await db.select().from(users).where(eq(users.loginName, 'company.admin'))
  companyId = me.companyId!
  const myMenus = db
    .select({ id: roleMenus.menuId })
    .from(roleMenus)
    .where(eq(roleMenus.roleId, me.roleId))
  const myButtons = db
    .select({ id: roleButtons.buttonId })
    .from(roleButtons)
    .where(eq(roleButtons.roleId, me.roleId))
  const [found] = await db
    .select({ buttonId: buttons.id, code: buttons.code, menuId: menus.id, menuName: menus.name })
    .from(buttons)
    .innerJoin(menus, eq(menus.id, buttons.menuId))
    .where(and(inArray(buttons.menuId, myMenus), notInArray(buttons.id, myButtons)))
    .orderBy(buttons.id)
    .limit(1)
  expect(found, 'a held screen with a button the company administrator lacks').toBeDefined()
  heldMenu = { id: found.menuId, name: found.menuName }
  unheldButton = { id: found.buttonId, code: found.code }
})
afterAll(() => api.close())

const roleBody = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  description: '',
  allMerchants: false,
  menuIds: [heldMenu.id],
  buttonIds: [unheldButton.id],
  ...extra,
})

const buttonsOf = async (roleId: number) =>
  (
    await api.deps.db
      .select({ id: roleButtons.buttonId })
      .from(roleButtons)
      .where(eq(roleButtons.roleId, roleId))
  ).map((r) => r.id)

const rolesNamed = async (name: string) =>
  (await api.deps.db.select({ n: count() }).from(roles).where(eq(roles.name, name)))[0].n

const adminBody = (roleId: number, extra: Record<string, unknown> = {}) => {
  serial += 1
  return {
    loginName: `beyond.admin${serial}`,
    email: `beyond.admin${serial}@example.test`,
    roleId,
    timezone: 'Asia/Singapore',
    sensitiveFields: false,
    ...extra,
  }
}

describe('a company administrator granting a button it does not hold', () => {
  it('cannot save a role with it, new or edited: 1166, naming the button, nothing saved', async () => {
    const made = await api.call('/role/save', roleBody('Beyond one button'), { token: company })
    expect(made.body.code).toBe(1166)
    // Only the button is beyond its rights: the screen it holds is not named.
    // Named by its labels (screen › button), not its code.
    expect(made.body.msg).toMatch(/^You cannot grant rights you do not hold: \S.* › \S/)
    expect(made.body.msg).not.toContain(unheldButton.code)
    expect(await rolesNamed('Beyond one button')).toBe(0)

    // Its own role, within its rights: saved. Adding the button to it is refused, and the
    // role keeps the buttons it had.
    const own = await api.call('/role/save', roleBody('Held screen only', { buttonIds: [] }), {
      token: company,
    })
    expect(own.body.code).toBe(0)
    const { roleId } = own.body.data
    const edited = await api.call('/role/save', roleBody('Held screen only', { roleId }), {
      token: company,
    })
    expect(edited.body.code).toBe(1166)
    expect(await buttonsOf(roleId)).toEqual([])
  })

  it('cannot give an administrator a role holding it: 1802 on roleId, nobody created or changed', async () => {
    // A role of its own company, on its held screen, with the button it lacks (made directly:
    // the roles screen would refuse to make it).
    const db = api.deps.db
    const [beyond] = await db
      .insert(roles)
      .values({ name: 'Held screen and more', companyId })
      .returning()
    await db.insert(roleMenus).values({ roleId: beyond.id, menuId: heldMenu.id })
    await db.insert(roleButtons).values({ roleId: beyond.id, buttonId: unheldButton.id })

    const body = adminBody(beyond.id)
    const created = await api.call('/user/save', body, { token: company })
    expect(created.body.code).toBe(1802)
    expect(created.body.data.fieldErrors.map((e: { field: string }) => e.field)).toEqual(['roleId'])
    const named = await db.select().from(users).where(eq(users.loginName, body.loginName))
    expect(named).toEqual([])

    // An administrator of its company, on its own role: moving it to that role is refused too.
    const [me] = await db.select().from(users).where(eq(users.loginName, 'company.admin'))
    const mine = adminBody(me.roleId)
    const made = await api.call('/user/save', mine, { token: company })
    expect(made.body.code).toBe(0)
    const { userId } = made.body.data
    const moved = await api.call(
      '/user/save',
      { ...mine, userId, roleId: beyond.id },
      { token: company },
    )
    expect(moved.body.code).toBe(1802)
    const [after] = await db.select().from(users).where(eq(users.id, userId))
    expect(after.roleId).toBe(me.roleId)
  })
})
