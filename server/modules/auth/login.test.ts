import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, DEMO, type TestApi } from '../../testing/harness'
import { addUser, auditRows, rowCounts, userRow } from './testing'

let api: TestApi
beforeAll(async () => {
  api = await createTestApi()
})
afterAll(() => api.close())

const login = (loginName: string, password: string, lang?: string) =>
  api.call('/login', { loginName, password }, { lang })

const BAD = 'Incorrect account or password, please try again.'

describe('POST /login', () => {
  it('signs in a demo user with the login data the console needs', async () => {
    const res = await login(...DEMO.admin)
    expect(res.status).toBe(200)
    expect(res.body.code).toBe(0)
    const data = res.body.data as any
    expect(data.token).toMatch(/^[\w-]{40,}$/)
    expect(data).toMatchObject({
      stage: 'full',
      idleSeconds: 900,
      warningSeconds: 30,
      expiresAt: new Date(api.clock.now().getTime() + 900_000).toISOString(),
      user: {
        userName: 'admin',
        nickName: 'Platform Admin',
        avatar: '',
        language: 'en_US',
        timezone: 'UTC',
        landingPage: 'index',
      },
    })
    const rows = await auditRows(api, 'auth.login')
    expect(rows.at(-1)).toMatchObject({
      loginName: 'admin',
      detail: { result: 'success', stage: 'full' },
    })
  })

  it('refuses a wrong password with 422, the spec message and an audit row', async () => {
    const before = (await auditRows(api, 'auth.login')).length
    const res = await login('company.admin', 'Wrong@123456')
    expect(res.status).toBe(422)
    expect(res.body).toEqual({ code: 1001, msg: BAD, data: null })
    const rows = await auditRows(api, 'auth.login')
    expect(rows.length).toBe(before + 1)
    expect(rows.at(-1)).toMatchObject({
      loginName: 'company.admin',
      detail: { result: 'bad_password' },
    })
  })

  it('answers an unknown login name exactly like a wrong password', async () => {
    const res = await login('nobody.here', 'Wrong@123456')
    expect(res.status).toBe(422)
    expect(res.body).toEqual({ code: 1001, msg: BAD, data: null })
    const rows = await auditRows(api, 'auth.login')
    expect(rows.at(-1)).toMatchObject({
      userId: null,
      loginName: 'nobody.here',
      detail: { result: 'unknown_user' },
    })
  })

  it('speaks Chinese when the language header asks for it', async () => {
    const res = await login('nobody.here', 'Wrong@123456', 'zh_CN')
    expect(res.body).toEqual({ code: 1001, msg: '账号或密码错误，请重试。', data: null })
  })

  it('refuses an inactive user with the right password as "login Failed"', async () => {
    const u = await addUser(api, { active: false })
    const res = await login(u.loginName, u.password)
    expect(res.status).toBe(422)
    expect(res.body).toMatchObject({ code: 1003, msg: 'login Failed' })
    // A wrong password still says only "incorrect": the account's state stays private.
    expect((await login(u.loginName, 'Wrong@123456')).body.code).toBe(1001)
  })
})

describe('lockout', () => {
  it('locks after five failures, refuses even the right password, and unlocks after 15 minutes', async () => {
    const u = await addUser(api)
    for (let i = 1; i <= 4; i++) {
      expect((await login(u.loginName, `Wrong@${i}xxxx`)).body.code).toBe(1001)
    }
    const fifth = await login(u.loginName, 'Wrong@5xxxx')
    expect(fifth.status).toBe(422)
    expect(fifth.body).toMatchObject({
      code: 1002,
      msg: 'This account is locked after too many failed sign-in attempts. Please try again in 15 minutes, reset your password by e-mail, or ask an administrator to unlock it.',
    })
    expect((await userRow(api, u.id)).lockedUntil).toEqual(
      new Date(api.clock.now().getTime() + 15 * 60_000),
    )

    api.clock.advance(10 * 60)
    const locked = await login(u.loginName, u.password)
    expect(locked.body).toMatchObject({ code: 1002 })
    expect(locked.body.msg).toContain('5 minutes')
    expect((await auditRows(api, 'auth.login')).at(-1)).toMatchObject({
      userId: u.id,
      detail: { result: 'locked' },
    })

    api.clock.advance(5 * 60)
    const open = await login(u.loginName, u.password)
    expect(open.body.code).toBe(0)
    expect(await userRow(api, u.id)).toMatchObject({ failedLogins: 0, lockedUntil: null })
  })

  it('counts only consecutive failures: a success resets the counter', async () => {
    const u = await addUser(api)
    for (let i = 0; i < 4; i++) await login(u.loginName, 'Wrong@123456')
    expect((await userRow(api, u.id)).failedLogins).toBe(4)
    expect((await login(u.loginName, u.password)).body.code).toBe(0)
    expect((await userRow(api, u.id)).failedLogins).toBe(0)
    for (let i = 0; i < 4; i++) await login(u.loginName, 'Wrong@123456')
    expect((await login(u.loginName, u.password)).body.code).toBe(0)
  })

  it('gives a fresh five attempts once a lock has run out', async () => {
    const u = await addUser(api)
    for (let i = 0; i < 5; i++) await login(u.loginName, 'Wrong@123456')
    api.clock.advance(15 * 60 + 1)
    expect((await login(u.loginName, 'Wrong@123456')).body.code).toBe(1001)
    expect((await login(u.loginName, u.password)).body.code).toBe(0)
  })

  it('says the lock in Chinese too', async () => {
    const u = await addUser(api)
    for (let i = 0; i < 5; i++) await login(u.loginName, 'Wrong@123456')
    const res = await login(u.loginName, u.password, 'zh_CN')
    expect(res.body.msg).toBe(
      '由于多次登录失败，该账户已被锁定，请在 15 分钟后重试，或通过邮件重置密码，或请管理员解锁。',
    )
  })
})

describe('malformed sign-in bodies', () => {
  const cases: [string, unknown, string[]][] = [
    ['empty body', {}, ['loginName', 'password']],
    ['blank login name', { loginName: '   ', password: 'x' }, ['loginName']],
    ['empty password', { loginName: 'admin', password: '' }, ['password']],
    ['numbers', { loginName: 12, password: 34 }, ['loginName', 'password']],
    [
      'too long',
      { loginName: 'a'.repeat(101), password: 'x'.repeat(101) },
      ['loginName', 'password'],
    ],
  ]
  for (const [name, body, fields] of cases) {
    it(`answers 400 with field errors and writes nothing: ${name}`, async () => {
      const before = await rowCounts(api)
      const res = await api.call<any>('/login', body)
      expect(res.status).toBe(400)
      expect(res.body.code).toBe(400)
      expect(res.body.data.fieldErrors.map((e: any) => e.field).sort()).toEqual(fields)
      expect(await rowCounts(api)).toEqual(before)
    })
  }

  it('answers a body that is not JSON with 400 and writes nothing', async () => {
    const before = await rowCounts(api)
    const res = await api.callRaw('/login', '{"loginName": ')
    expect(res.status).toBe(400)
    expect(res.body.code).toBe(400)
    expect(await rowCounts(api)).toEqual(before)
  })

  it('localises field errors', async () => {
    const res = await api.call<any>('/login', { loginName: '', password: 'x' }, { lang: 'zh_CN' })
    expect(res.body.data.fieldErrors).toEqual([{ field: 'loginName', message: '不能为空' }])
  })
})
