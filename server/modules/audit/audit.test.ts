import { parse } from 'csv-parse/sync'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  auditLog,
  buttons,
  cardholders,
  companies,
  menus,
  merchants,
  roleMenus,
  roles,
  users,
} from '../../db/schema'
import { createTestApi, DEMO, type TestApi } from '../../testing/harness'
import { sessionFor } from '../../testing/sessions'

interface Entry {
  id: number
  at: string
  loginName: string
  action: string
  target: string
  objectType: string
  objectId: string
  targetName: string
  outcome: string
  changes: string
  detail: Record<string, unknown>
}

let api: TestApi
const tokens: Record<string, string> = {}
let skyline: number
let otherShop: number
/** A cardholder of Skyline (the demo merchant user's merchant), edited by the admin. */
let skylineHolder: number
/** A cardholder of a merchant of another company, made by that merchant's user. */
let otherHolder: number

const DAY = 86_400

/** The next day; sessions idle that long have ended, so each user gets a new one. */
async function nextDay() {
  api.clock.advance(DAY)
  for (const n of Object.keys(tokens)) tokens[n] = await sessionFor(api, n)
}

async function list(who: string, filters: Record<string, unknown> = {}, pageSize = 100) {
  const res = await api.call(
    '/audit/list',
    { pageNum: 1, pageSize, filters },
    {
      token: tokens[who],
    },
  )
  expect(res.status).toBe(200)
  return res.body.data as { list: Entry[]; total: number }
}

const person = (merchantId: number, over: Record<string, unknown> = {}) => ({
  merchantId,
  firstName: 'Ada',
  lastName: 'Lim',
  areaCode: '65',
  phone: '81230000',
  email: 'ada.lim@example.com',
  birthday: '1990-05-01',
  country: 'SG',
  state: '01',
  city: 'Singapore',
  address: '5 Shenton Way',
  postalCode: '068808',
  ...over,
})

async function saveHolder(who: string, body: Record<string, unknown>) {
  const res = await api.call('/cardholder/save', body, { token: tokens[who] })
  expect(res.body.code).toBe(0)
  return res.body.data as Record<string, unknown> & { id: number }
}

async function addUser(
  loginName: string,
  role: string,
  at: { companyId?: number; merchantId?: number },
) {
  const [r] = await api.deps.db.select().from(roles).where(eq(roles.name, role))
  const [admin] = await api.deps.db.select().from(users).where(eq(users.loginName, 'admin'))
  await api.deps.db
    .insert(users)
    .values({ loginName, roleId: r.id, passwordHash: admin.passwordHash, ...at })
  tokens[loginName] = await sessionFor(api, loginName)
}

beforeAll(async () => {
  api = await createTestApi()
  // The demo merchant user does not hold the audit log; these tests grant it to see its scope.
  const [role] = await api.deps.db.select().from(roles).where(eq(roles.name, 'Merchant user'))
  const [screen] = await api.deps.db.select().from(menus).where(eq(menus.name, 'audit-log'))
  await api.deps.db.insert(roleMenus).values({ roleId: role.id, menuId: screen.id })
  for (const n of ['admin', 'auditor', 'company.admin', 'merchant.user']) {
    tokens[n] = await sessionFor(api, n)
  }
  const byName = async (name: string) =>
    (await api.deps.db.select().from(merchants).where(eq(merchants.name, name)))[0].id
  skyline = await byName('Skyline Air Tickets')
  // Another company, outside the demo company's subtree, with a merchant and two users.
  const [other] = await api.deps.db.insert(companies).values({ name: 'Other Co' }).returning()
  const [shop] = await api.deps.db
    .insert(merchants)
    .values({ companyId: other.id, name: 'Other Shop' })
    .returning()
  otherShop = shop.id
  await addUser('other.admin', 'Company administrator', { companyId: other.id })
  await addUser('other.merchant', 'Merchant user', { merchantId: otherShop })

  await nextDay()
  skylineHolder = (await saveHolder('merchant.user', person(skyline))).id
  await nextDay()
  await saveHolder('admin', { ...person(skyline, { city: 'Changi' }), id: skylineHolder })
  await nextDay()
  otherHolder = (await saveHolder('other.merchant', person(otherShop, { firstName: 'Bo' }))).id
}, 900_000)
afterAll(() => api.close())

describe('/audit/list', () => {
  it('filters by action, object, object type and who', async () => {
    const edits = await list('admin', { action: 'cardholder.update' })
    expect(edits.total).toBeGreaterThan(0)
    expect(edits.list.every((e) => e.action === 'cardholder.update')).toBe(true)

    const one = await list('admin', { target: `cardholder:${skylineHolder}` })
    expect(one.list.map((e) => e.action)).toEqual(['cardholder.update', 'cardholder.create'])
    expect(one.list[0]).toMatchObject({ objectType: 'cardholder', objectId: String(skylineHolder) })

    const holders = await list('admin', { objectType: 'cardholder' })
    expect(holders.list.every((e) => e.target.startsWith('cardholder:'))).toBe(true)
    expect(holders.list.map((e) => e.objectId)).toContain(String(otherHolder))

    const byWho = await list('admin', { loginName: 'other.merch' })
    expect(byWho.total).toBeGreaterThan(0)
    expect(byWho.list.every((e) => e.loginName === 'other.merchant')).toBe(true)
  })

  it('filters by a date range of whole UTC days', async () => {
    const all = await list('admin', { objectType: 'cardholder' })
    const editDay = all.list.find((e) => e.action === 'cardholder.update')!.at.slice(0, 10)
    const day = await list('admin', {
      objectType: 'cardholder',
      at: { from: editDay, to: editDay },
    })
    expect(day.list.map((e) => e.action)).toEqual(['cardholder.update'])
    const after = await list('admin', { objectType: 'cardholder', at: { from: editDay } })
    expect(after.list.map((e) => e.action).sort()).toEqual([
      'cardholder.create',
      'cardholder.update',
    ])
    expect(after.list.map((e) => e.objectId)).toContain(String(otherHolder))
  })

  it('keeps a change’s fields before and after, only those that changed', async () => {
    const [edit] = (await list('admin', { target: `cardholder:${skylineHolder}` })).list
    expect(edit.detail).toEqual({ before: { city: 'Singapore' }, after: { city: 'Changi' } })
    const detail = await api.call('/audit/detail', { id: edit.id }, { token: tokens.auditor })
    expect(detail.body.data.detail).toEqual(edit.detail)
  })

  it('shows a company user the entries of its subtree only', async () => {
    const mine = await list('company.admin', {}, 100)
    const targets = mine.list.map((e) => e.target)
    expect(targets).toContain(`cardholder:${skylineHolder}`)
    expect(targets).not.toContain(`cardholder:${otherHolder}`)
    expect(mine.list.map((e) => e.loginName)).not.toContain('other.merchant')

    const theirs = await list('other.admin', {}, 100)
    expect(theirs.list.map((e) => e.target).sort()).toEqual([`cardholder:${otherHolder}`])
    const outside = await api.call(
      '/audit/detail',
      { id: mine.list.find((e) => e.target === `cardholder:${skylineHolder}`)!.id },
      { token: tokens['other.admin'] },
    )
    expect(outside.status).toBe(404)
  })

  it('shows a merchant user its merchant’s entries: its users’ and those about its objects', async () => {
    const mine = await list('merchant.user', {}, 100)
    // The platform administrator's edit of one of its cardholders is about its object.
    expect(mine.list.some((e) => e.loginName === 'admin' && e.action === 'cardholder.update')).toBe(
      true,
    )
    expect(mine.list.map((e) => e.target)).not.toContain(`cardholder:${otherHolder}`)
    const [holder] = await api.deps.db
      .select({ merchantId: cardholders.merchantId })
      .from(cardholders)
      .where(eq(cardholders.id, skylineHolder))
    expect(holder.merchantId).toBe(skyline)
    // Nothing of the other merchant, whoever wrote it.
    expect(mine.list.map((e) => e.loginName)).not.toContain('other.merchant')
    const theirs = await list('other.merchant', {}, 100)
    expect(theirs.list.map((e) => e.target)).toEqual([`cardholder:${otherHolder}`])
  })

  it('exports actions and objects as words in the caller’s language', async () => {
    const res = await api.fetch(
      '/audit/export',
      { format: 'csv', filters: { target: `cardholder:${skylineHolder}` } },
      { token: tokens.admin, lang: 'en_US' },
    )
    expect(res.status).toBe(200)
    const rows = parse((await res.text()).replace(/^\uFEFF/, ''), { columns: true }) as Record<
      string,
      string
    >[]
    expect(rows.map((r) => r.Action)).toEqual(['Edited cardholder', 'Added cardholder'])
    expect(rows[0].Object).toBe('Cardholder')
    expect(rows[0].Who).toBe('admin')
  })
})

/** The export of `filters` as CSV rows in `lang`, keyed by header. */
async function exported(filters: Record<string, unknown>, lang: string) {
  const res = await api.fetch(
    '/audit/export',
    { format: 'csv', filters },
    { token: tokens.admin, lang },
  )
  expect(res.status).toBe(200)
  return parse((await res.text()).replace(/^\uFEFF/, ''), { columns: true }) as Record<
    string,
    string
  >[]
}

describe('the audit log in words (issue 26)', () => {
  let roleId: number

  beforeAll(async () => {
    const ids = async (table: typeof menus | typeof buttons, col: 'name' | 'code') =>
      Object.fromEntries(
        (await api.deps.db.select().from(table)).map((r) => [
          (r as Record<string, unknown>)[col] as string,
          r.id,
        ]),
      )
    const menuId = await ids(menus, 'name')
    const buttonId = await ids(buttons, 'code')
    const role = (name: string, buttonCodes: string[]) => ({
      name,
      description: 'Parameters',
      allMerchants: false,
      menuIds: [menuId['parameter-management']],
      buttonIds: buttonCodes.map((b) => buttonId[b]),
    })
    const made = await api.call('/role/save', role('Support L1', ['parameter-management:add']), {
      token: tokens.admin,
    })
    roleId = made.body.data.roleId
    await api.call(
      '/role/save',
      { ...role('Support L1', ['parameter-management:edit']), roleId },
      { token: tokens.admin },
    )
    // Renamed later: the entries above keep the name it had then.
    await api.call(
      '/role/save',
      { ...role('Support L2', ['parameter-management:edit']), roleId },
      { token: tokens.admin },
    )
  })

  it('names the object as it was named when the entry was written', async () => {
    const entries = (await list('admin', { target: `role:${roleId}` })).list
    expect(entries.map((e) => e.targetName)).toEqual(['Support L2', 'Support L1', 'Support L1'])
  })

  it('keeps only the fields that changed, and a list’s items added and removed in words', async () => {
    const [, edit] = (await list('admin', { target: `role:${roleId}` })).list
    expect(edit.detail).toEqual({
      before: { buttons: ['parameter-management:add'] },
      after: { buttons: ['parameter-management:edit'] },
    })
    expect(edit.changes).toBe('Buttons: + System parameters › Edit, − System parameters › Add')
    const zh = (
      await api.call('/audit/detail', { id: edit.id }, { token: tokens.admin, lang: 'zh_CN' })
    ).body.data as Entry
    expect(zh.changes).not.toMatch(/[A-Za-z]{3,}/)
  })

  it('exports the object’s name and the changes in words, in both languages', async () => {
    const en = await exported({ target: `role:${roleId}` }, 'en_US')
    expect(en.map((r) => r['Object name'])).toEqual(['Support L2', 'Support L1', 'Support L1'])
    expect(en[0].Changes).toBe('Role name: Support L1 → Support L2')
    const zh = await exported({ target: `role:${roleId}` }, 'zh_CN')
    expect(Object.keys(zh[0])).toContain('对象名称')
    expect(zh[0]['变更']).toBe('角色名称: Support L1 → Support L2')
  })

  it('records a refused call as a refusal: who, where, which code; the list filters them', async () => {
    const before = await api.deps.db.select().from(auditLog)
    // The auditor holds the roles screen, not its Add button: 1403.
    const refused = await api.call(
      '/role/save',
      { name: 'Sneaky', description: '', allMerchants: false, menuIds: [1], buttonIds: [] },
      { token: tokens.auditor },
    )
    expect([refused.status, refused.body.code]).toEqual([403, 1403])
    const rows = await list('admin', { outcome: 'refused' })
    expect(rows.list.every((e) => e.outcome === 'refused')).toBe(true)
    const [row] = rows.list
    expect(row).toMatchObject({
      loginName: 'auditor',
      action: 'access.refused',
      target: 'screen:role-management',
      detail: { code: 1403, button: 'role-management:add' },
    })
    expect(row.changes).toContain('1403')
    // Nothing else was written: the refused save left no role and one row.
    expect((await api.deps.db.select().from(auditLog)).length).toBe(before.length + 1)
    expect(await api.deps.db.select().from(roles).where(eq(roles.name, 'Sneaky'))).toEqual([])
    const done = await list('admin', { outcome: 'done' })
    expect(done.list.some((e) => e.outcome === 'refused')).toBe(false)
  })

  it('records a business refusal (1804) though its transaction rolled back', async () => {
    const [me] = await api.deps.db.select().from(users).where(eq(users.loginName, 'admin'))
    // The demo's only platform administrator may not lock itself out.
    const res = await api.call('/user/lock', { userId: me.id }, { token: tokens.admin })
    expect(res.body.code).toBe(1804)
    const [row] = (await list('admin', { outcome: 'refused' })).list
    expect(row).toMatchObject({
      loginName: 'admin',
      target: 'screen:user-management',
      detail: { code: 1804 },
    })
    const [stillActive] = await api.deps.db.select().from(users).where(eq(users.id, me.id))
    expect(stillActive.active).toBe(true)
  })
})

describe('/dashboard/summary recent activities', () => {
  it('leaves out sign-ins unless asked', async () => {
    await nextDay()
    await api.login(...DEMO.merchant)
    const day = api.clock.now().toISOString().slice(0, 10)
    const body = { currency: 'USD', from: day, to: day }
    const ask = async (extra: Record<string, unknown>) =>
      (
        await api.call('/dashboard/summary', { ...body, ...extra }, { token: tokens.admin })
      ).body.data.activities.map((a: { action: string }) => a.action) as string[]
    expect(await ask({})).not.toContain('auth.login')
    expect(await ask({ includeSignIns: false })).not.toContain('auth.login')
    expect((await ask({ includeSignIns: true }))[0]).toBe('auth.login')
  })
})

describe('/audit/userRights', () => {
  it('answers each menu and button with the role that grants it, and the merchants', async () => {
    const [u] = await api.deps.db.select().from(users).where(eq(users.loginName, 'merchant.user'))
    const res = await api.call('/audit/userRights', { userId: u.id }, { token: tokens.admin })
    expect(res.status).toBe(200)
    const rights = res.body.data
    expect(rights.role.name).toBe('Merchant user')
    expect(rights.reach).toBe('merchant')
    expect(rights.merchants).toEqual([{ id: skyline, name: 'Skyline Air Tickets' }])
    const holders = rights.menus.find(
      (m: { name: string }) => m.name === 'coremanagement-cardholder-management',
    )
    expect(holders).toMatchObject({ grantedBy: 'Merchant user' })
    expect(holders.buttons).toContain('coremanagement-cardholder-management:add')
    expect(rights.menus.map((m: { name: string }) => m.name)).not.toContain('devops-index')
  })

  it('lists a company user’s merchants unless its role grants all of them', async () => {
    const [u] = await api.deps.db.select().from(users).where(eq(users.loginName, 'other.admin'))
    const res = await api.call('/audit/userRights', { userId: u.id }, { token: tokens.admin })
    expect(res.body.data).toMatchObject({
      reach: 'company',
      allMerchants: false,
      merchants: [{ id: otherShop, name: 'Other Shop' }],
    })
  })

  it('answers 404 for a user out of the caller’s reach', async () => {
    const [u] = await api.deps.db.select().from(users).where(eq(users.loginName, 'other.admin'))
    const res = await api.call(
      '/audit/userRights',
      { userId: u.id },
      {
        token: tokens['company.admin'],
      },
    )
    expect(res.status).toBe(404)
  })
})
