import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../db/schema'
import { createTestApi, type TestApi } from '../../testing/harness'
import { sessionFor } from '../../testing/sessions'
import { addUser, userRow } from '../auth/testing'

/** Issue 17 item 7: a locked account is lifted by an administrator, and the lock says so. */

let api: TestApi
let admin: string
let companyAdmin: string
beforeAll(async () => {
  api = await createTestApi()
  ;[admin, companyAdmin] = await Promise.all(
    ['admin', 'company.admin'].map((n) => sessionFor(api, n)),
  )
}, 240_000)
afterAll(() => api.close())

const login = (loginName: string, password: string, lang?: string) =>
  api.call('/login', { loginName, password }, { lang })
const unlock = (userId: number, token = admin) => api.call('/user/unlock', { userId }, { token })

async function lockedUser() {
  const u = await addUser(api)
  for (let i = 0; i < 5; i++) await login(u.loginName, 'Wrong@123456')
  expect((await login(u.loginName, u.password)).body.code).toBe(1002)
  return u
}

describe('POST /user/unlock', () => {
  it('lifts the lock at once: the right password signs in again; audited', async () => {
    const u = await lockedUser()
    const res = await unlock(u.id)
    expect(res.body).toEqual({ code: 0, msg: 'Success', data: { wasLocked: true } })
    expect(await userRow(api, u.id)).toMatchObject({ failedLogins: 0, lockedUntil: null })
    expect((await login(u.loginName, u.password)).body.code).toBe(0)
    const [row] = await api.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `user:${u.id}`))
      .then((rows) => rows.filter((r) => r.action === 'user.unlock'))
    expect(row).toMatchObject({ loginName: 'admin', detail: { wasLocked: true, failedLogins: 5 } })
  })

  it('clears the failures of an account not (yet) locked', async () => {
    const u = await addUser(api)
    for (let i = 0; i < 3; i++) await login(u.loginName, 'Wrong@123456')
    expect((await unlock(u.id)).body.data).toEqual({ wasLocked: false })
    expect((await userRow(api, u.id)).failedLogins).toBe(0)
  })

  it('reaches only the caller’s administrators, and refuses an unknown user with 404', async () => {
    const u = await lockedUser()
    // A platform-level user is out of a company administrator's reach: 404, as if missing.
    const company = await unlock(u.id, companyAdmin)
    expect(company.status).toBe(404)
    expect(company.body.code).toBe(404)
    const anonymous = await api.call('/user/unlock', { userId: u.id })
    expect(anonymous.status).toBe(401)
    expect((await userRow(api, u.id)).lockedUntil).not.toBeNull()
    const missing = await unlock(2_000_000_000)
    expect(missing.status).toBe(404)
    expect(missing.body.code).toBe(404)
  })
})

describe('the lock message', () => {
  it('says that an e-mailed reset or an administrator can lift it, in both languages', async () => {
    const u = await lockedUser()
    expect((await login(u.loginName, u.password)).body.msg).toBe(
      'This account is locked after too many failed sign-in attempts. Please try again in ' +
        '15 minutes, reset your password by e-mail, or ask an administrator to unlock it.',
    )
    expect((await login(u.loginName, u.password, 'zh_CN')).body.msg).toBe(
      '由于多次登录失败，该账户已被锁定，请在 15 分钟后重试，或通过邮件重置密码，或请管理员解锁。',
    )
  })
})
