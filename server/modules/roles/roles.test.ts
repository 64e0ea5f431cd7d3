import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, buttons, companies, menus, roles, users } from '../../db/schema'
import { createTestApi, type TestApi } from '../../testing/harness'
import { sessionFor } from '../../testing/sessions'

let api: TestApi
let admin: string
let company: string
let auditor: string
let menuId: Record<string, number>
let buttonId: Record<string, number>
let otherCompanyId: number

const call = (path: string, body: unknown, token = admin, lang?: string) =>
  api.call(`/role${path}`, body, { token, lang })

/** A role granting the parameters screen with its Add button (the form comes with it). */
const paramsRole = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  description: 'Parameters only',
  allMerchants: false,
  menuIds: [menuId['parameter-management']],
  buttonIds: [buttonId['parameter-management:add']],
  ...extra,
})

beforeAll(async () => {
  api = await createTestApi()
  ;[admin, company, auditor] = await Promise.all(
    ['admin', 'company.admin', 'auditor'].map((n) => sessionFor(api, n)),
  )
  const m = await api.deps.db.select({ id: menus.id, name: menus.name }).from(menus)
  menuId = Object.fromEntries(m.map((r) => [r.name, r.id]))
  const b = await api.deps.db.select({ id: buttons.id, code: buttons.code }).from(buttons)
  buttonId = Object.fromEntries(b.map((r) => [r.code, r.id]))
  const [other] = await api.deps.db
    .insert(companies)
    .values({ name: 'Elsewhere Ltd', agreementNo: 'AGR-X', country: 'SG' })
    .returning()
  otherCompanyId = other.id
})
afterAll(() => api.close())

describe('/role/save, /role/detail, /role/list, /role/delete', () => {
  it('creates, reads, lists, edits and deletes a role, auditing before and after', async () => {
    const made = await call('/save', paramsRole('Parameter keeper'))
    expect(made.body.code).toBe(0)
    const { roleId } = made.body.data
    expect(made.body.data).toEqual({ roleId })
    const detail = await call('/detail', { roleId }, auditor)
    expect(detail.body.data).toMatchObject({
      roleId,
      name: 'Parameter keeper',
      description: 'Parameters only',
      allMerchants: false,
      buttonIds: [buttonId['parameter-management:add']],
      // The page's group and the form its button opens come with it.
      menuIds: [
        menuId['system-administration'],
        menuId['parameter-management'],
        menuId['parameter-management-save'],
      ].sort((a, b) => a - b),
      companyId: null,
      userCount: 0,
    })
    const list = await call('/list', { filters: { name: 'keeper' } })
    expect(list.body.data.total).toBe(1)
    expect(list.body.data.list[0]).toMatchObject({ id: roleId, userCount: 0, companyName: null })

    const edited = await call('/save', {
      ...paramsRole('Parameter keeper', { allMerchants: true }),
      roleId,
      buttonIds: [buttonId['parameter-management:edit']],
    })
    expect(edited.body.data).toEqual({ roleId })
    const deleted = await call('/delete', { ids: [roleId] })
    expect(deleted.body.data).toEqual({ deleted: 1 })
    expect((await call('/detail', { roleId })).body.code).toBe(1161)

    const rows = await api.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `role:${roleId}`))
    expect(rows.map((r) => r.action)).toEqual(['role.create', 'role.update', 'role.delete'])
    expect(rows[0].detail).toMatchObject({
      after: { name: 'Parameter keeper', buttons: ['parameter-management:add'] },
    })
    // Only what changed: the name, description and menus stayed as they were.
    expect(rows[1].detail).toEqual({
      before: { allMerchants: false, buttons: ['parameter-management:add'] },
      after: { allMerchants: true, buttons: ['parameter-management:edit'] },
    })
    // Each row keeps the role's name as of the event, the delete's too.
    expect(rows.map((r) => r.targetName)).toEqual([
      'Parameter keeper',
      'Parameter keeper',
      'Parameter keeper',
    ])
    expect(rows[2].detail).toMatchObject({
      before: { name: 'Parameter keeper', buttons: ['parameter-management:edit'] },
      after: null,
    })
  })

  it('refuses a role without menus in both languages; a role without buttons is view-only', async () => {
    const noMenus = await call('/save', { ...paramsRole('Empty'), menuIds: [], buttonIds: [] })
    expect(noMenus.body.code).toBe(1163)
    expect(noMenus.body.msg).toBe('Menu permissions are not assigned')
    expect(noMenus.body.data.fieldErrors).toEqual([
      { field: 'menuIds', message: 'Menu permissions are not assigned' },
    ])
    expect(await api.deps.db.select().from(roles).where(eq(roles.name, 'Empty'))).toEqual([])
    // No button is a view-only role (the auditor's): saved, and the form says so first.
    const viewOnly = await call('/save', { ...paramsRole('Looks only'), buttonIds: [] })
    expect(viewOnly.body.code).toBe(0)
    expect(await api.deps.db.select().from(roles).where(eq(roles.name, 'Looks only'))).toHaveLength(
      1,
    )
  })

  it('refuses to delete a role an administrator holds', async () => {
    const [companyRole] = await api.deps.db
      .select()
      .from(roles)
      .where(eq(roles.name, 'Company administrator'))
    const refused = await call('/delete', { ids: [companyRole.id] })
    expect(refused.status).toBe(422)
    expect(refused.body.code).toBe(1165)
    expect(refused.body.msg).toBe(
      'This role is held by administrators and cannot be deleted: Company administrator',
    )
    expect((await call('/detail', { roleId: companyRole.id })).body.code).toBe(0)
  })

  it('previews the change: labels added and removed, and the administrators it affects', async () => {
    const { roleId } = (await call('/save', paramsRole('Previewed'))).body.data
    const [someone] = await api.deps.db.select().from(users).where(eq(users.loginName, 'auditor'))
    await api.deps.db
      .insert(users)
      .values({ loginName: 'param.keeper', roleId, passwordHash: someone.passwordHash })
    const answer = await call('/preview', {
      ...paramsRole('Previewed'),
      roleId,
      menuIds: [menuId['parameter-management'], menuId['dict-management']],
      buttonIds: [buttonId['dict-management:add']],
    })
    expect(answer.body.data).toEqual({
      menusAdded: ['Dictionaries', 'Save dictionary'],
      menusRemoved: ['Save system parameter'],
      buttonsAdded: ['Dictionaries › Add'],
      buttonsRemoved: ['System parameters › Add'],
      affectedUsers: 1,
    })
    // Nothing written.
    expect((await call('/detail', { roleId })).body.data.buttonIds).toEqual([
      buttonId['parameter-management:add'],
    ])
  })

  it('refuses a grant the caller does not hold, and the platform administrator’s own screens', async () => {
    const beyond = await call('/save', paramsRole('Too much', { companyId: null }), company)
    // A company user makes no platform-wide role.
    expect(beyond.body.code).toBe(1161)
    const notHeld = await call('/save', paramsRole('Too much'), company)
    expect(notHeld.body.code).toBe(1166)
    // Named by their labels, never by codes (issue 26).
    expect(notHeld.body.msg).toContain('System parameters › Add')
    expect(notHeld.body.msg).not.toContain('parameter-management')
    const devops = await call('/save', {
      ...paramsRole('Devops'),
      menuIds: [menuId['devops-index']],
    })
    expect(devops.body.code).toBe(1167)
    const [platform] = await api.deps.db.select().from(roles).where(eq(roles.platformAdmin, true))
    const reduced = await call('/save', {
      ...paramsRole('Platform administrator'),
      roleId: platform.id,
    })
    expect(reduced.body.code).toBe(1168)
    expect(reduced.body.msg).not.toMatch(/role-management|user-management|devops-index/)
  })

  it('refuses a screen granted without a screen it needs, naming both in the reader’s language', async () => {
    // The card detail lists the card's transactions: without that screen it opens half refused.
    const half = {
      ...paramsRole('Card desk'),
      menuIds: [menuId['cards-balance'], menuId['cards-balance-view-card-detail']],
      buttonIds: [],
    }
    for (const path of ['/preview', '/save']) {
      const refused = await call(path, half)
      expect(refused.status).toBe(422)
      expect(refused.body.code).toBe(1169)
      expect(refused.body.data.fieldErrors[0].field).toBe('menuIds')
      expect(refused.body.msg).toContain('Card transactions')
    }
    const zh = await call('/save', half, admin, 'zh-CN')
    expect(zh.body.code).toBe(1169)
    expect(zh.body.msg).toContain('需要')
    const whole = await call('/save', {
      ...half,
      menuIds: [...half.menuIds, menuId['cards-transactions']],
    })
    expect(whole.body.code).toBe(0)
  })

  it('keeps a company administrator to the roles of its companies', async () => {
    const own = await call(
      '/save',
      {
        name: 'Cardholder clerk',
        description: '',
        allMerchants: false,
        menuIds: [menuId['coremanagement-cardholder-management']],
        buttonIds: [buttonId['coremanagement-cardholder-management:add']],
      },
      company,
    )
    expect(own.body.code).toBe(0)
    const mine = (await call('/detail', { roleId: own.body.data.roleId }, company)).body.data
    expect(mine.companyId).not.toBeNull()
    expect(mine.editable).toBe(true)

    // Another company's role: 404 like a missing id, for every call.
    const [foreign] = await api.deps.db
      .insert(roles)
      .values({ name: 'Elsewhere clerk', companyId: otherCompanyId })
      .returning()
    expect((await call('/detail', { roleId: foreign.id }, company)).body.code).toBe(1161)
    expect((await call('/delete', { ids: [foreign.id] }, company)).body.code).toBe(1161)
    const edit = await call('/save', { ...paramsRole('x'), roleId: foreign.id }, company)
    expect(edit.body.code).toBe(1161)
    const asked = await call(
      '/save',
      { ...paramsRole('Elsewhere 2'), companyId: otherCompanyId },
      company,
    )
    expect(asked.body.code).toBe(1161)

    // The list: its own roles and the platform-wide ones it could grant (its own role), no other.
    const names = (await call('/list', { pageSize: 100 }, company)).body.data.list.map(
      (r: { name: string }) => r.name,
    )
    expect(names).toContain('Cardholder clerk')
    expect(names).toContain('Company administrator')
    expect(names).not.toContain('Elsewhere clerk')
    expect(names).not.toContain('Platform administrator')
    // A platform-wide role it sees is read-only.
    const [companyRole] = await api.deps.db
      .select()
      .from(roles)
      .where(eq(roles.name, 'Company administrator'))
    const seen = await call('/detail', { roleId: companyRole.id }, company)
    expect(seen.body.data.editable).toBe(false)
    const change = await call(
      '/save',
      { ...paramsRole('Company administrator'), roleId: companyRole.id },
      company,
    )
    expect(change.body.code).toBe(1403)
  })

  it('names a role once across the platform: a taken name is refused on the name field', async () => {
    // A platform administrator chooses the owner: a company, listed and filtered under it.
    const owned = await call('/save', {
      ...paramsRole('Owned clerk'),
      companyId: otherCompanyId,
    })
    expect(owned.body.code).toBe(0)
    const byOwner = await call('/list', { filters: { companyId: otherCompanyId } })
    expect(byOwner.body.data.list.map((r: { name: string }) => r.name)).toContain('Owned clerk')
    expect(
      byOwner.body.data.list.find((r: { name: string }) => r.name === 'Owned clerk'),
    ).toMatchObject({
      companyId: otherCompanyId,
      companyName: 'Elsewhere Ltd',
    })

    const clerkRole = {
      description: '',
      allMerchants: false,
      menuIds: [menuId['coremanagement-cardholder-management']],
      buttonIds: [],
    }
    // Another company's administrator cannot see that role, and still cannot take its name:
    // the preview (the form's first call) and the save both refuse it, on the field.
    for (const path of ['/preview', '/save']) {
      const taken = await call(path, { ...clerkRole, name: 'Owned clerk' }, company)
      expect(taken.body.code).toBe(1162)
      expect(taken.body.data.fieldErrors).toEqual([
        {
          field: 'name',
          message:
            'A role with this name already exists (role names are unique across the platform)',
        },
      ])
    }
    const zh = await call('/save', paramsRole('Owned clerk'), admin, 'zh_CN')
    expect(zh.body.data.fieldErrors[0].message).toBe('已存在同名角色（角色名称在整个平台内唯一）')
    expect(
      await api.deps.db.select().from(roles).where(eq(roles.name, 'Owned clerk')),
    ).toHaveLength(1)

    // Keeping its own name on an edit is no clash.
    const kept = await call('/save', {
      ...paramsRole('Owned clerk'),
      roleId: owned.body.data.roleId,
    })
    expect(kept.body.code).toBe(0)
  })

  it('two saves of one new name at once: one role, the other refused on the name field', async () => {
    const [a, b] = await Promise.all([
      call('/save', paramsRole('Twin clerk')),
      call('/save', paramsRole('Twin clerk')),
    ])
    expect([a.body.code, b.body.code].sort()).toEqual([0, 1162])
    expect([a.status, b.status]).not.toContain(500)
    expect(await api.deps.db.select().from(roles).where(eq(roles.name, 'Twin clerk'))).toHaveLength(
      1,
    )
  })

  it('is view only for the auditor', async () => {
    expect((await call('/save', paramsRole('Auditor made'), auditor)).body.code).toBe(1403)
    expect((await call('/delete', { ids: [1] }, auditor)).body.code).toBe(1403)
  })
})
