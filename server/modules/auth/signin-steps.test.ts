import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../db/schema'
import { createTestApi, DEMO, type TestApi } from '../../testing/harness'
import { addUser, auditRows, codeFrom, mailText, rowCounts, userRow } from './testing'

let api: TestApi
beforeAll(async () => {
  api = await createTestApi()
})
afterAll(() => api.close())

const login = (loginName: string, password: string) =>
  api.call<any>('/login', { loginName, password })
const verify = (token: string, code: string, lang?: string) =>
  api.call<any>('/login/verifyCode', { code }, { token, lang })
const resend = (token: string) => api.call<any>('/public/password/send/code', {}, { token })
const forced = (token: string, newPassword: string, confirmPassword = newPassword) =>
  api.call<any>('/public/password/updatePermissions', { newPassword, confirmPassword }, { token })

describe('forced password change at first sign-in', () => {
  it('signs in at stage change_password, allows nothing else, then becomes full', async () => {
    const u = await addUser(api, { mustChangePassword: true })
    const first = await login(u.loginName, u.password)
    expect(first.body.code).toBe(0)
    expect(first.body.data.stage).toBe('change_password')
    const token = first.body.data.token

    for (const path of ['/flushTokenTime', '/logout']) {
      const res = await api.call(path, {}, { token })
      expect(res.status).toBe(401)
      expect(res.body.code).toBe(401)
    }
    expect((await api.call('/login/verifyCode', { code: '123456' }, { token })).body.code).toBe(
      1014,
    )

    const same = await forced(token, u.password)
    expect(same.body).toMatchObject({ code: 1013 })
    const mismatch = await forced(token, 'Chosen@123', 'Chosen@124')
    expect(mismatch.status).toBe(400)
    expect(mismatch.body.data.fieldErrors[0].field).toBe('confirmPassword')

    const done = await forced(token, 'Chosen@123')
    expect(done.body.code).toBe(0)
    expect(done.body.data).toMatchObject({ token, stage: 'full', user: { userName: u.loginName } })
    expect((await userRow(api, u.id)).mustChangePassword).toBe(false)
    expect((await api.call('/flushTokenTime', {}, { token })).body.code).toBe(0)
    // A full session may not use the sign-in step calls any more.
    expect((await forced(token, 'Other@1234')).status).toBe(403)

    const next = await login(u.loginName, 'Chosen@123')
    expect(next.body.data.stage).toBe('full')
    expect((await auditRows(api, 'auth.passwordForcedChange')).at(-1)).toMatchObject({
      userId: u.id,
      detail: { result: 'success', stage: 'full' },
    })
  })

  it('goes on to the e-mailed code when the user also has one', async () => {
    const u = await addUser(api, { mustChangePassword: true, verifyByEmail: true })
    const token = (await login(u.loginName, u.password)).body.data.token
    const done = await forced(token, 'Chosen@123')
    expect(done.body.data.stage).toBe('verify_code')
    const code = await codeFrom(api, u.email!)
    expect((await verify(token, code)).body.data.stage).toBe('full')
  })

  it('refuses a malformed body with field errors, writing nothing', async () => {
    const u = await addUser(api, { mustChangePassword: true })
    const token = (await login(u.loginName, u.password)).body.data.token
    const before = await rowCounts(api)
    const res = await api.call<any>(
      '/public/password/updatePermissions',
      { newPassword: 'weak' },
      { token },
    )
    expect(res.status).toBe(400)
    expect(res.body.data.fieldErrors.map((e: any) => e.field).sort()).toEqual([
      'confirmPassword',
      'newPassword',
    ])
    expect(await rowCounts(api)).toEqual(before)
  })
})

describe('verification code at sign-in', () => {
  it('mails a six-digit code; the right one makes the session full', async () => {
    const u = await addUser(api, { verifyByEmail: true })
    const first = await login(u.loginName, u.password)
    expect(first.body.data.stage).toBe('verify_code')
    const token = first.body.data.token
    const mail = await api.smtp.waitFor(u.email!)
    expect(mailText(mail)).toContain('valid for 10 minutes')
    const code = /\b(\d{6})\b/.exec(mailText(mail))![1]

    expect((await api.call('/flushTokenTime', {}, { token })).status).toBe(401)
    const wrong = code === '000000' ? '111111' : '000000'
    const bad = await verify(token, wrong)
    expect(bad.status).toBe(422)
    expect(bad.body).toMatchObject({
      code: 1004,
      msg: 'The verification code is incorrect, please try again.',
    })

    const ok = await verify(token, code)
    expect(ok.body.code).toBe(0)
    expect(ok.body.data).toMatchObject({ token, stage: 'full', user: { userName: u.loginName } })
    expect((await api.call('/flushTokenTime', {}, { token })).body.code).toBe(0)
    expect((await auditRows(api, 'auth.verifyCode')).slice(-2).map((r) => r.detail.result)).toEqual(
      ['incorrect', 'success'],
    )
  })

  it('burns the code after five wrong guesses', async () => {
    const u = await addUser(api, { verifyByEmail: true })
    const token = (await login(u.loginName, u.password)).body.data.token
    const code = await codeFrom(api, u.email!)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 1; i <= 4; i++) expect((await verify(token, wrong)).body.code).toBe(1004)
    expect((await verify(token, wrong)).body.code).toBe(1006)
    const res = await verify(token, code)
    expect(res.body).toMatchObject({
      code: 1006,
      msg: 'Too many incorrect codes. Please request a new verification code.',
    })
  })

  it('refuses an expired code clearly; a re-sent one works and replaces it', async () => {
    const u = await addUser(api, { verifyByEmail: true })
    const token = (await login(u.loginName, u.password)).body.data.token
    const old = await codeFrom(api, u.email!)
    api.clock.advance(10 * 60)
    const expired = await verify(token, old)
    expect(expired.body).toMatchObject({
      code: 1005,
      msg: 'The verification code has expired, please request a new one.',
    })
    expect((await verify(token, old, 'zh_CN')).body.msg).toBe('验证码已过期，请重新获取。')

    expect((await resend(token)).body).toEqual({ code: 0, msg: 'Success', data: null })
    const fresh = await codeFrom(api, u.email!)
    const tooSoon = await resend(token)
    expect(tooSoon.body).toMatchObject({ code: 1007 })
    expect(tooSoon.body.msg).toContain('60 seconds')
    if (old !== fresh) expect((await verify(token, old)).body.code).toBe(1004)
    expect((await verify(token, fresh)).body.data.stage).toBe('full')
  })

  it('binds the code to its own sign-in', async () => {
    const u = await addUser(api, { verifyByEmail: true })
    const a = (await login(u.loginName, u.password)).body.data.token
    const codeA = await codeFrom(api, u.email!)
    api.clock.advance(1)
    const b = (await login(u.loginName, u.password)).body.data.token
    const codeB = await codeFrom(api, u.email!)
    // The newer sign-in's code replaced the first, and a code works only for its own session.
    expect((await verify(a, codeB)).body.code).toBe(1004)
    if (codeA !== codeB) expect((await verify(b, codeA)).body.code).toBe(1004)
    expect((await verify(b, codeB)).body.code).toBe(0)
  })

  it('refuses a user who must verify by e-mail but has none', async () => {
    const u = await addUser(api, { verifyByEmail: true, email: null })
    const before = await rowCounts(api)
    const res = await login(u.loginName, u.password)
    expect(res.body).toMatchObject({ code: 1008, msg: 'Administrator e-mail not configured' })
    const after = await rowCounts(api)
    expect(after.sessions).toBe(before.sessions)
  })

  it('rejects malformed codes with field errors, writing nothing', async () => {
    const u = await addUser(api, { verifyByEmail: true })
    const token = (await login(u.loginName, u.password)).body.data.token
    await codeFrom(api, u.email!)
    for (const [code, message] of [
      ['', 'Cannot be empty'],
      ['12345', 'Format is incorrect'],
      ['abcdef', 'Format is incorrect'],
      [123456, 'Cannot be empty'],
    ] as const) {
      const before = await rowCounts(api)
      const res = await api.call<any>('/login/verifyCode', { code }, { token })
      expect(res.status).toBe(400)
      expect(res.body.data.fieldErrors).toHaveLength(1)
      expect(res.body.data.fieldErrors[0].field).toBe('code')
      if (typeof code === 'string') expect(res.body.data.fieldErrors[0].message).toBe(message)
      expect(await rowCounts(api)).toEqual(before)
    }
  })

  it('is not asked of the demo admin', async () => {
    const [admin] = await api.deps.db.select().from(users).where(eq(users.loginName, 'admin'))
    expect(admin.verifyByEmail).toBe(false)
    expect((await login(...DEMO.admin)).body.data.stage).toBe('full')
  })
})
