import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  cards,
  companies,
  merchants,
  roleMenus,
  roles,
  userMerchants,
  users,
} from '../../db/schema'
import { createTestApi, type TestApi } from '../../testing/harness'
import { sessionFor } from '../../testing/sessions'
import { addUser, mailText } from '../auth/testing'

/**
 * Issue 25, administration access that holds: each finding of the attack, as it was tried.
 * 1 a limited administrator widening its own reach and taking over a wider one; 2 a merchant
 * list dropped for an administrator without a company; 3 a company's role held outside it;
 * 4 an activation link outliving a changed address; 5 a lock lifted by a narrower reach, and the
 * last platform administrator locking itself out by its allowed ranges.
 */

let api: TestApi
let admin: string
let company: string
let roleId: Record<string, number>
const ids = {} as Record<
  'parent' | 'child' | 'other' | 'skyline' | 'lotus' | 'parentMerchant',
  number
>
let limitedId = 0
let limited = ''
let serial = 0

type Body = Record<string, unknown>
const call = (path: string, body: Body, token = admin, headers: Record<string, string> = {}) =>
  api.call<any>(path, body, { token, headers })

/** A new administrator's save body; the role is the seed's (platform-wide) company role. */
const fresh = (extra: Body = {}): Body => {
  serial += 1
  return {
    loginName: `reach.admin${serial}`,
    email: `reach.admin${serial}@example.test`,
    roleId: roleId['Company administrator'],
    timezone: 'Asia/Singapore',
    ...extra,
  }
}

/** The save body that keeps an administrator as it is (its detail, as the form sends it). */
async function asSaved(userId: number, token = admin): Promise<Body> {
  const { data: u } = (await call('/user/detail', { id: userId }, token)).body
  return {
    userId,
    loginName: u.loginName,
    email: u.email,
    roleId: u.roleId,
    timezone: u.timezone,
    landingPage: u.landingPage,
    allowedIps: u.allowedIps,
    sensitiveFields: u.sensitiveFields,
    merchantIds: u.merchantIds,
  }
}

async function reachOfRow(userId: number) {
  const [u] = await api.deps.db.select().from(users).where(eq(users.id, userId))
  const listed = await api.deps.db
    .select({ id: userMerchants.merchantId })
    .from(userMerchants)
    .where(eq(userMerchants.userId, userId))
  return { allMerchants: u.allMerchants, merchantIds: listed.map((r) => r.id).sort() }
}

const fieldOf = (body: { data?: { fieldErrors?: { field: string }[] } }) =>
  body.data?.fieldErrors?.map((e) => e.field)

beforeAll(async () => {
  // Sign-in addresses come from X-Forwarded-For, so the lock-out test can name the saver's.
  api = await createTestApi({ TRUST_PROXY: 'true' })
  ;[admin, company] = await Promise.all(['admin', 'company.admin'].map((n) => sessionFor(api, n)))
  roleId = Object.fromEntries((await api.deps.db.select().from(roles)).map((r) => [r.name, r.id]))
  const m = await api.deps.db.select().from(merchants)
  const byName = (name: string) => m.find((r) => r.name === name)!
  ids.skyline = byName('Skyline Air Tickets').id
  ids.lotus = byName('Lotus Car Rental').id
  ids.child = byName('Skyline Air Tickets').companyId
  const [companyAdmin] = await api.deps.db
    .select()
    .from(users)
    .where(eq(users.loginName, 'company.admin'))
  ids.parent = companyAdmin.companyId!
  ids.parentMerchant = m.find((r) => r.companyId === ids.parent)!.id
  const [other] = await api.deps.db
    .insert(companies)
    .values({ name: 'Faraway Cards Ltd' })
    .returning()
  ids.other = other.id

  // A company administrator limited to Skyline (company.admin's company reaches Skyline's).
  const row = await addUser(api, {
    companyId: ids.parent,
    allMerchants: false,
    roleId: roleId['Company administrator'],
  })
  await api.deps.db.insert(userMerchants).values({ userId: row.id, merchantId: ids.skyline })
  limitedId = row.id
  limited = await sessionFor(api, row.loginName)
}, 240_000)
afterAll(() => api.close())

describe('finding 1: reach only narrows', () => {
  it('a limited administrator saving itself without a list keeps its list (refused, 1812)', async () => {
    const body = { ...(await asSaved(limitedId, limited)), merchantIds: undefined }
    const res = await call('/user/save', body, limited)
    expect(res.body.code).toBe(1812)
    expect(fieldOf(res.body)).toEqual(['merchantIds'])
    expect(await reachOfRow(limitedId)).toEqual({ allMerchants: false, merchantIds: [ids.skyline] })
    // The same with an explicit null ("all merchants").
    const all = await call('/user/save', { ...body, merchantIds: null }, limited)
    expect(all.body.code).toBe(1812)
  })

  it('gives a new administrator its own merchants at most', async () => {
    const none = await call('/user/save', fresh({ companyId: ids.parent }), limited)
    expect(none.body.code).toBe(1812)
    const other = await call('/user/save', fresh({ merchantIds: [ids.lotus] }), limited)
    expect(other.body.code).toBe(1805)
    const own = await call('/user/save', fresh({ merchantIds: [ids.skyline] }), limited)
    expect(own.body.code).toBe(0)
    expect(await reachOfRow(own.body.data.userId)).toEqual({
      allMerchants: false,
      merchantIds: [ids.skyline],
    })
  })

  it('cannot change, lock, unlock, end the sessions of, resend to or delete a wider administrator', async () => {
    const [target] = await api.deps.db
      .select()
      .from(users)
      .where(eq(users.loginName, 'company.admin'))
    const hijack = { ...(await asSaved(target.id)), email: 'attacker@example.test' }
    expect((await call('/user/save', hijack, limited)).body.code).toBe(1815)
    for (const path of [
      '/user/lock',
      '/user/unlock',
      '/user/endSessions',
      '/user/resendActivation',
    ])
      expect((await call(path, { userId: target.id }, limited)).body.code).toBe(1815)
    expect((await call('/user/delete', { ids: [target.id] }, limited)).body.code).toBe(1815)
    const [after] = await api.deps.db.select().from(users).where(eq(users.id, target.id))
    expect(after.email).toBe(target.email)
    expect(after.active).toBe(true)
    // The password reset the attacker would ask next goes to the unchanged address.
    expect(after.email).not.toBe('attacker@example.test')
  })
})

describe('finding 2: a merchant list without a company', () => {
  it('is kept, shown, and enforced everywhere', async () => {
    const res = await call('/user/save', fresh({ merchantIds: [ids.skyline] }))
    expect(res.body.code).toBe(0)
    const { userId } = res.body.data
    const detail = (await call('/user/detail', { id: userId })).body.data
    expect(detail.merchantIds).toEqual([ids.skyline])
    expect(detail.companyId).toBeNull()
    const [row] = await api.deps.db.select().from(users).where(eq(users.id, userId))
    const token = await sessionFor(api, row.loginName)
    const listed = (await call('/card/list', { pageNum: 1, pageSize: 200 }, token)).body.data.list
    expect(listed.length).toBeGreaterThan(0)
    expect(new Set(listed.map((c: { merchantId: number }) => c.merchantId))).toEqual(
      new Set([ids.skyline]),
    )
    const [lotusCard] = await api.deps.db
      .select({ id: cards.id })
      .from(cards)
      .where(eq(cards.merchantId, ids.lotus))
      .limit(1)
    expect((await call('/card/detail', { id: lotusCard.id }, token)).status).toBe(404)
    // It cannot give what it does not hold either.
    expect((await call('/user/save', fresh(), token)).body.code).toBe(1812)
  })

  it('refuses a list for a merchant user and for the platform administrator role, under the field', async () => {
    const merchantUser = await call(
      '/user/save',
      fresh({ merchantId: ids.skyline, merchantIds: [ids.skyline] }),
    )
    expect(merchantUser.body.code).toBe(1813)
    expect(fieldOf(merchantUser.body)).toEqual(['merchantIds'])
    const platform = await call(
      '/user/save',
      fresh({ roleId: roleId['Platform administrator'], merchantIds: [ids.skyline] }),
    )
    expect(platform.body.code).toBe(1819)
    expect(fieldOf(platform.body)).toEqual(['roleId'])
  })
})

describe('finding 3: a role belongs to its owner', () => {
  /**
   * Every pairing of a role's owner and a holder's place, with the expected answer written out
   * by hand: a company's role is held within that company's subtree only.
   */
  type Owner = 'platform' | 'parent' | 'child' | 'other'
  type Holder = 'platform' | 'parent' | 'child' | 'other' | 'parentMerchant' | 'childMerchant'
  const allowed: Record<Owner, Holder[]> = {
    platform: ['platform', 'parent', 'child', 'other', 'parentMerchant', 'childMerchant'],
    parent: ['parent', 'child', 'parentMerchant', 'childMerchant'],
    child: ['child', 'childMerchant'],
    other: ['other'],
  }
  const holders: Holder[] = [
    'platform',
    'parent',
    'child',
    'other',
    'parentMerchant',
    'childMerchant',
  ]
  const placeOf = (h: Holder): Body =>
    h === 'platform'
      ? {}
      : h === 'parentMerchant'
        ? { merchantId: ids.parentMerchant }
        : h === 'childMerchant'
          ? { merchantId: ids.skyline }
          : { companyId: ids[h] }

  it('walks every owner and holder', { timeout: 120_000 }, async () => {
    const [index] = await api.deps.db
      .select({ menuId: roleMenus.menuId })
      .from(roleMenus)
      .where(eq(roleMenus.roleId, roleId['Company administrator']))
      .limit(1)
    const seen: string[] = []
    const expected: string[] = []
    for (const owner of Object.keys(allowed) as Owner[]) {
      const [role] = await api.deps.db
        .insert(roles)
        .values({ name: `Owned by ${owner}`, companyId: owner === 'platform' ? null : ids[owner] })
        .returning()
      await api.deps.db.insert(roleMenus).values({ roleId: role.id, menuId: index.menuId })
      for (const holder of holders) {
        const res = await call('/user/save', fresh({ roleId: role.id, ...placeOf(holder) }))
        seen.push(`${owner} → ${holder}: ${res.body.code}`)
        expected.push(`${owner} → ${holder}: ${allowed[owner].includes(holder) ? 0 : 1818}`)
      }
    }
    expect(seen).toEqual(expected)
  })
})

describe('finding 4: a changed address or reach ends links and sessions', () => {
  it('the activation link sent to the old address stops working; the new address gets one', async () => {
    const body = fresh({ companyId: ids.parent })
    const { userId } = (await call('/user/save', body)).body.data
    const oldLink = await activationToken(body.email as string)
    const moved = { ...(await asSaved(userId)), email: `moved${serial}@example.test` }
    expect((await call('/user/save', moved)).body.code).toBe(0)
    const refused = await activate(oldLink)
    expect(refused.body.code).toBe(1808)
    const newLink = await activationToken(moved.email)
    expect((await activate(newLink)).body.code).toBe(0)
  })

  it('a narrowed merchant list ends the administrator’s sessions', async () => {
    const row = await addUser(api, {
      companyId: ids.parent,
      roleId: roleId['Company administrator'],
    })
    const token = await sessionFor(api, row.loginName)
    expect((await call('/user/roleOptions', {}, token)).status).toBe(200)
    const narrowed = { ...(await asSaved(row.id)), merchantIds: [ids.skyline] }
    expect((await call('/user/save', narrowed)).body.code).toBe(0)
    expect((await call('/user/roleOptions', {}, token)).status).toBe(401)
  })
})

describe('finding 5: locks and lock-outs', () => {
  it('a lock set by a wider reach is lifted only by one at least as wide', async () => {
    const row = await addUser(api, {
      companyId: ids.parent,
      roleId: roleId['Company administrator'],
    })
    expect((await call('/user/lock', { userId: row.id })).body.code).toBe(0)
    const refused = await call('/user/unlock', { userId: row.id }, company)
    expect(refused.body.code).toBe(1816)
    expect(refused.body.msg).toContain('admin')
    const [still] = await api.deps.db.select().from(users).where(eq(users.id, row.id))
    expect(still.active).toBe(false)
    expect((await call('/user/unlock', { userId: row.id })).body.code).toBe(0)
    // Its own lock, the company administrator lifts.
    expect((await call('/user/lock', { userId: row.id }, company)).body.code).toBe(0)
    expect((await call('/user/unlock', { userId: row.id }, company)).body.code).toBe(0)
  })

  it('the last platform administrator cannot shut out its own address', async () => {
    const [self] = await api.deps.db.select().from(users).where(eq(users.loginName, 'admin'))
    const from = { 'X-Forwarded-For': '203.0.113.5' }
    const body = await asSaved(self.id)
    const out = await call('/user/save', { ...body, allowedIps: ['10.0.0.0/8'] }, admin, from)
    expect(out.body.code).toBe(1817)
    expect(fieldOf(out.body)).toEqual(['allowedIps'])
    expect(out.body.msg).toContain('203.0.113.5')
    const [unchanged] = await api.deps.db.select().from(users).where(eq(users.id, self.id))
    expect(unchanged.allowedIps).toEqual([])
    const inside = await call(
      '/user/save',
      { ...body, allowedIps: ['203.0.113.0/24'] },
      admin,
      from,
    )
    expect(inside.body.code).toBe(0)
    // With a second platform administrator who can sign in from there, it may.
    await addUser(api, { roleId: roleId['Platform administrator'] })
    const second = await call('/user/save', { ...body, allowedIps: ['10.0.0.0/8'] }, admin, from)
    expect(second.body.code).toBe(0)
  })
})

async function activationToken(email: string): Promise<string> {
  const text = mailText(await api.smtp.waitFor(email))
  const m = /firstTimeLogin\?token=([\w%-]+)/.exec(text)
  if (!m) throw new Error(`no activation link in: ${text}`)
  return decodeURIComponent(m[1])
}

const activate = (token: string, newPassword = 'Fresh@12345') =>
  api.call<any>('/public/activation', { token, newPassword, confirmPassword: newPassword })

describe('a role held by a wider administrator', () => {
  it('is not changed by a narrower one (1170)', async () => {
    const { data: detail } = (
      await call('/role/detail', { roleId: roleId['Company administrator'] })
    ).body
    const [owned] = await api.deps.db
      .insert(roles)
      .values({ name: 'Parent staff', companyId: ids.parent })
      .returning()
    await api.deps.db
      .insert(roleMenus)
      .values(detail.menuIds.slice(0, 1).map((menuId: number) => ({ roleId: owned.id, menuId })))
    await addUser(api, { companyId: ids.parent, roleId: owned.id })
    const body = {
      roleId: owned.id,
      name: 'Parent staff',
      description: '',
      menuIds: detail.menuIds.slice(0, 1),
      buttonIds: [],
    }
    const refused = await call('/role/save', body, limited)
    expect(refused.body.code).toBe(1170)
    // The company administrator, as wide as the holder, may.
    expect((await call('/role/save', body, company)).body.code).toBe(0)
  })
})
