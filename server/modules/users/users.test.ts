import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, merchants, roles, sendRecords, users } from '../../db/schema'
import { createTestApi, type TestApi } from '../../testing/harness'
import { sessionFor } from '../../testing/sessions'
import { addUser, mailText, userRow } from '../auth/testing'

/** Issue 20, administrators: the save's rules, reach, grants, the last platform admin, mail. */

let api: TestApi
let admin: string
let company: string
let roleId: Record<string, number>
let serial = 0

beforeAll(async () => {
  // Sign-in addresses come from X-Forwarded-For, so the IP range tests can name them.
  api = await createTestApi({ TRUST_PROXY: 'true' })
  ;[admin, company] = await Promise.all(['admin', 'company.admin'].map((n) => sessionFor(api, n)))
  const rows = await api.deps.db.select().from(roles)
  roleId = Object.fromEntries(rows.map((r) => [r.name, r.id]))
}, 240_000)
afterAll(() => api.close())

const save = (body: Record<string, unknown>, token = admin, lang?: string) =>
  api.call('/user/save', body, { token, lang })

const fresh = (extra: Record<string, unknown> = {}) => {
  serial += 1
  return {
    loginName: `new.admin${serial}`,
    email: `new.admin${serial}@example.test`,
    roleId: roleId['Company administrator'],
    timezone: 'Asia/Singapore',
    sensitiveFields: false,
    ...extra,
  }
}

async function activationToken(email: string): Promise<string> {
  const text = mailText(await api.smtp.waitFor(email))
  const m = /firstTimeLogin\?token=([\w%-]+)/.exec(text)
  if (!m) throw new Error(`no activation link in: ${text}`)
  return decodeURIComponent(m[1])
}

const activate = (token: string, newPassword = 'Fresh@12345', ip?: string) =>
  api.call(
    '/public/activation',
    { token, newPassword, confirmPassword: newPassword },
    { headers: ip ? { 'X-Forwarded-For': ip } : {} },
  )

describe('create and edit', () => {
  it('creates an administrator, lists it, and audits the creation with its values', async () => {
    const body = fresh({ areaCode: '65', mobile: '81234567', macAddress: '00:1A:2B:3C:4D:5E' })
    const res = await save(body)
    expect(res.body.code).toBe(0)
    const { userId } = res.body.data
    const detail = await api.call('/user/detail', { id: userId }, { token: admin })
    expect(detail.body.data).toMatchObject({
      loginName: body.loginName,
      email: body.email,
      roleName: 'Company administrator',
      macAddress: '00:1A:2B:3C:4D:5E',
      merchantIds: null,
      status: 'pending',
      landingPage: 'index',
    })
    const list = await api.call(
      '/user/list',
      { filters: { loginName: body.loginName } },
      { token: admin },
    )
    expect(list.body.data.list.map((r: { id: number }) => r.id)).toEqual([userId])
    const [row] = await api.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.create'), eq(auditLog.target, `user:${userId}`)))
    expect(row.detail).toMatchObject({
      after: { loginName: body.loginName, timezone: 'Asia/Singapore' },
    })
  })

  it('edits, auditing only what changed, before and after', async () => {
    const body = fresh()
    const { userId } = (await save(body)).body.data
    const res = await save({ ...body, userId, timezone: 'UTC', sensitiveFields: true })
    expect(res.body.code).toBe(0)
    const [row] = await api.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.update'), eq(auditLog.target, `user:${userId}`)))
    expect(row.detail).toEqual({
      before: { timezone: 'Asia/Singapore', sensitiveVisible: false },
      after: { timezone: 'UTC', sensitiveVisible: true },
    })
  })

  it('refuses a login name in use, beside the field', async () => {
    const res = await save(fresh({ loginName: 'company.admin' }))
    expect(res.body.code).toBe(1801)
    expect(res.body.data.fieldErrors[0].field).toBe('loginName')
  })

  it('refuses a landing page the role does not permit', async () => {
    // The company administrator's role has no e-mail template screen.
    const res = await save(fresh({ landingPage: 'email-template' }))
    expect(res.body.code).toBe(1803)
    expect(res.body.data.fieldErrors[0].field).toBe('landingPage')
    const ok = await save(fresh({ landingPage: 'cards-balance' }))
    expect(ok.body.code).toBe(0)
  })

  it('refuses a MAC address or an IP range of the wrong format', async () => {
    const res = await save(fresh({ macAddress: '00:1A:2B', allowedIps: ['10.0.0.0/33'] }))
    expect(res.status).toBe(400)
    const fields = res.body.data.fieldErrors.map((e: { field: string }) => e.field)
    expect(fields).toEqual(expect.arrayContaining(['macAddress', 'allowedIps.0']))
  })
})

describe('what a company administrator may do', () => {
  it('cannot grant a role holding rights it does not hold', async () => {
    // The merchant user's role simulates card transactions; the company administrator's does not.
    const res = await save(fresh({ roleId: roleId['Merchant user'] }), company)
    expect(res.body.code).toBe(1802)
    const options = await api.call('/user/roleOptions', {}, { token: company })
    const names = options.body.data.map((r: { name: string }) => r.name)
    expect(names).toContain('Company administrator')
    expect(names).not.toContain('Merchant user')
  })

  it('cannot give another company’s role, even one within its own rights', async () => {
    const { companies, roleMenus } = await import('../../db/schema')
    const [far] = await api.deps.db.insert(companies).values({ name: 'Far Roles Ltd' }).returning()
    const [theirs] = await api.deps.db
      .insert(roles)
      .values({ name: 'Far company role', companyId: far.id })
      .returning()
    // Within the company administrator's rights: the dashboard only.
    const [index] = await api.deps.db
      .select({ menuId: roleMenus.menuId })
      .from(roleMenus)
      .where(eq(roleMenus.roleId, roleId['Company administrator']))
      .limit(1)
    await api.deps.db.insert(roleMenus).values({ roleId: theirs.id, menuId: index.menuId })
    const options = await api.call('/user/roleOptions', {}, { token: company })
    expect(options.body.data.map((r: { name: string }) => r.name)).not.toContain('Far company role')
    expect((await save(fresh({ roleId: theirs.id }), company)).body.code).toBe(1802)
    // The platform reaches every company: it may give it to that company's administrator only
    // (issue 25: a company's role stays in the company).
    expect((await save(fresh({ roleId: theirs.id }))).body.code).toBe(1818)
    expect((await save(fresh({ roleId: theirs.id, companyId: far.id }))).body.code).toBe(0)
  })

  it('cannot grant a platform right', async () => {
    const res = await save(fresh({ roleId: roleId['Platform administrator'] }), company)
    expect(res.body.code).toBe(1802)
    const options = await api.call('/user/roleOptions', {}, { token: company })
    expect(options.body.data.map((r: { name: string }) => r.name)).not.toContain(
      'Platform administrator',
    )
  })

  it('creates administrators of its own company, and cannot reach another company’s (404)', async () => {
    const mine = await save(fresh(), company)
    expect(mine.body.code).toBe(0)
    expect((await userRow(api, mine.body.data.userId)).companyId).not.toBeNull()
    const [other] = await api.deps.db
      .insert((await import('../../db/schema')).companies)
      .values({ name: 'Elsewhere Ltd' })
      .returning()
    const theirs = (await save(fresh({ companyId: other.id }))).body.data.userId
    for (const [path, body] of [
      ['/user/detail', { id: theirs }],
      ['/user/save', { ...fresh(), userId: theirs }],
      ['/user/lock', { userId: theirs }],
      ['/user/endSessions', { userId: theirs }],
    ] as const) {
      const res = await api.call(path, body, { token: company })
      expect(res.status, path).toBe(404)
    }
    // Nor the platform's own administrators, nor create one in another company.
    const platform = await api.call(
      '/user/detail',
      { id: await userIdOf('admin') },
      { token: company },
    )
    expect(platform.status).toBe(404)
    expect((await save(fresh({ companyId: other.id }), company)).status).toBe(404)
    const list = await api.call('/user/list', { pageSize: 200 }, { token: company })
    expect(list.body.data.list.map((r: { id: number }) => r.id)).not.toContain(theirs)
  })
})

async function userIdOf(loginName: string) {
  const [u] = await api.deps.db.select().from(users).where(eq(users.loginName, loginName))
  return u.id
}

describe('merchant access list', () => {
  it('limits a company user to the listed merchants (scope.ts)', async () => {
    const ms = await api.deps.db.select().from(merchants).orderBy(merchants.id)
    const body = fresh({ merchantIds: [ms[0].id] })
    const { userId } = (await save(body, company)).body.data
    expect(
      (await api.call('/user/detail', { id: userId }, { token: admin })).body.data.merchantIds,
    ).toEqual([ms[0].id])
    await api.deps.db.update(users).set({ activatedAt: new Date() }).where(eq(users.id, userId))
    const token = await sessionFor(api, body.loginName)
    const reached = await api.call('/org/merchantList', {}, { token })
    expect(reached.body.data.map((m: { merchantId: number }) => m.merchantId)).toEqual([ms[0].id])
    const all = await api.call('/org/merchantList', {}, { token: company })
    expect(all.body.data.length).toBeGreaterThan(1)
  })

  it('refuses a merchant out of the caller’s reach', async () => {
    const [far] = await api.deps.db
      .insert(merchants)
      .values({
        companyId: (
          await api.deps.db
            .insert((await import('../../db/schema')).companies)
            .values({ name: 'Far Ltd' })
            .returning()
        )[0].id,
        name: 'Far shop',
      })
      .returning()
    const res = await save(fresh({ merchantIds: [far.id] }), company)
    expect(res.body.code).toBe(1805)
  })
})

describe('deleting an administrator', () => {
  it('deletes one who never acted, and refuses one with a history (lock instead)', async () => {
    const idle = await save(fresh({ loginName: 'never.acted', email: 'never.acted@example.test' }))
    expect(idle.body.code).toBe(0)
    const idleId = (idle.body.data as { userId: number }).userId
    const gone = await api.call('/user/delete', { ids: [idleId] }, { token: admin })
    expect(gone.body.code).toBe(0)
    expect(await api.deps.db.select().from(users).where(eq(users.id, idleId))).toEqual([])

    const acted = await addUser(api, {
      loginName: 'has.acted',
      roleId: roleId['Company administrator'],
    })
    await api.deps.db
      .insert(auditLog)
      .values({ at: new Date(), userId: acted.id, loginName: 'has.acted', action: 'auth.login' })
    const refused = await api.call('/user/delete', { ids: [acted.id] }, { token: admin })
    expect(refused.body.code).toBe(1811)
    expect(refused.body.msg).toMatch(/lock/i)
    expect(await userRow(api, acted.id)).toBeDefined()
  })
})

describe('the last active platform administrator', () => {
  it('cannot be locked, deleted or demoted', async () => {
    // Make `admin` the only one: every other platform administrator of this file is locked.
    const others = await addUser(api, { loginName: 'second.platform' })
    const adminId = await userIdOf('admin')
    expect((await api.call('/user/lock', { userId: others.id }, { token: admin })).body.code).toBe(
      0,
    )
    const lock = await api.call('/user/lock', { userId: adminId }, { token: admin })
    expect(lock.body.code).toBe(1804)
    const del = await api.call('/user/delete', { ids: [adminId] }, { token: admin })
    expect(del.body.code).toBe(1804)
    const demote = await save({
      ...fresh(),
      loginName: 'admin',
      email: 'admin@vcc.local',
      userId: adminId,
    })
    expect(demote.body.code).toBe(1804)
    expect((await userRow(api, adminId)).active).toBe(true)
    // With a second one, the first can be demoted.
    await api.call('/user/unlock', { userId: others.id }, { token: admin })
  })

  it('of two concurrent demotions of the last two, one is refused', async () => {
    const a = await addUser(api, { loginName: 'pa.one' })
    const b = await addUser(api, { loginName: 'pa.two' })
    // Only a and b remain platform administrators.
    await api.deps.db
      .update(users)
      .set({ active: false })
      .where(eq(users.loginName, 'second.platform'))
    await api.deps.db
      .update(users)
      .set({ roleId: roleId.Auditor })
      .where(eq(users.loginName, 'admin'))
    const token = await sessionFor(api, 'pa.one')
    const demote = (u: { id: number; loginName: string }) =>
      save(
        {
          ...fresh(),
          loginName: u.loginName,
          email: `${u.loginName}@example.test`,
          roleId: roleId.Auditor,
          userId: u.id,
        },
        token,
      )
    const results = await Promise.all([demote(a), demote(b)])
    const codes = results.map((r) => r.body.code).sort()
    expect(codes).toEqual([0, 1804])
    await api.deps.db
      .update(users)
      .set({ roleId: roleId['Platform administrator'] })
      .where(eq(users.loginName, 'admin'))
  })
})

describe('activation and first-time login', () => {
  it('mails an activation link through the outbox; its token works once at first-time login', async () => {
    const body = fresh()
    const { userId } = (await save(body)).body.data
    const [record] = await api.deps.db
      .select()
      .from(sendRecords)
      .where(eq(sendRecords.to, body.email))
    expect(record).toMatchObject({ template: 'user.activation' })
    expect(record.body).not.toMatch(/token=\w/)
    const token = await activationToken(body.email)
    const weak = await activate(token, 'weak')
    expect(weak.status).toBe(400)
    const first = await activate(token)
    expect(first.body.code).toBe(0)
    expect(first.body.data).toMatchObject({ stage: 'full', user: { userName: body.loginName } })
    expect((await userRow(api, userId)).activatedAt).not.toBeNull()
    const again = await activate(token, 'Other@12345')
    expect(again.body.code).toBe(1808)
    const login = await api.call('/login', { loginName: body.loginName, password: 'Fresh@12345' })
    expect(login.body.code).toBe(0)
  })

  it('resends a new link (the old one stops working); refused without an e-mail', async () => {
    const body = fresh()
    const { userId } = (await save(body)).body.data
    const oldToken = await activationToken(body.email)
    expect((await api.call('/user/resendActivation', { userId }, { token: admin })).body.code).toBe(
      0,
    )
    expect((await activate(oldToken)).body.code).toBe(1808)
    const noMail = (await save(fresh({ email: '' }))).body.data.userId
    const res = await api.call(
      '/user/resendActivation',
      { userId: noMail },
      { token: admin, lang: 'en_US' },
    )
    expect(res.body).toMatchObject({ code: 1008, msg: 'Administrator e-mail not configured' })
    const byName = await api.call('/public/password/reset/send_email', {
      loginName: (await userRow(api, noMail)).loginName,
    })
    expect(byName.body.code).toBe(1008)
  })
})

describe('allowed IP ranges at sign-in', () => {
  it('refuses a sign-in from outside the ranges with its own message, accepts from inside', async () => {
    const u = await addUser(api, { allowedIps: ['203.0.113.0/24', '2001:db8::/32'] })
    const login = (ip: string) =>
      api.call(
        '/login',
        { loginName: u.loginName, password: u.password },
        { headers: { 'X-Forwarded-For': ip } },
      )
    const outside = await login('198.51.100.7')
    expect(outside.body).toMatchObject({
      code: 1015,
      msg: 'Sign-in from this address is not allowed for this account. Please contact your administrator.',
    })
    expect((await login('203.0.113.9')).body.code).toBe(0)
    expect((await login('2001:db8::5')).body.code).toBe(0)
    expect((await login('2001:db9::5')).body.code).toBe(1015)
  })
})

describe('lock, unlock, end sessions', () => {
  it('locks (sessions end, sign-in refused), unlocks, ends sessions; each audited', async () => {
    const u = await addUser(api, { roleId: roleId['Company administrator'] })
    const token = await sessionFor(api, u.loginName)
    expect((await api.call('/user/lock', { userId: u.id }, { token: admin })).body.code).toBe(0)
    expect((await api.call('/menu/query', {}, { token })).status).toBe(401)
    expect(
      (await api.call('/login', { loginName: u.loginName, password: u.password })).body.code,
    ).toBe(1003)
    const unlock = await api.call('/user/unlock', { userId: u.id }, { token: admin })
    expect(unlock.body.data).toEqual({ wasLocked: true })
    const again = await sessionFor(api, u.loginName)
    expect(
      (await api.call('/user/endSessions', { userId: u.id }, { token: admin })).body.code,
    ).toBe(0)
    expect((await api.call('/menu/query', {}, { token: again })).status).toBe(401)
    const actions = (
      await api.deps.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, `user:${u.id}`))
    ).map((r) => r.action)
    expect(actions).toEqual(
      expect.arrayContaining(['user.lock', 'user.unlock', 'user.endSessions']),
    )
  })
})
