import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parameters, sendRecords } from '../../db/schema'
import { createTestApi, DEMO, type TestApi } from '../../testing/harness'
import { addUser, auditRows, mailText, resetTokenFrom, rowCounts, userRow } from './testing'

let api: TestApi
beforeAll(async () => {
  api = await createTestApi()
})
afterAll(() => api.close())

const sendReset = (body: unknown, lang?: string) =>
  api.call('/public/password/reset/send_email', body, { lang })
const reset = (token: string, newPassword: string, confirmPassword = newPassword) =>
  api.call('/public/password/reset', { token, newPassword, confirmPassword })
const login = (loginName: string, password: string) => api.call('/login', { loginName, password })

describe('reset link by e-mail', () => {
  it('mails a working link that advises its expiry; it works once and ends every session', async () => {
    const u = await addUser(api, { email: 'Reset.Me@Example.test' })
    const session = await api.login(u.loginName, u.password)
    const res = await sendReset({ email: 'reset.me@example.test' })
    expect(res.body).toEqual({ code: 0, msg: 'Success', data: null })

    const mail = await api.smtp.waitFor('reset.me@example.test')
    const text = mailText(mail)
    expect(text).toContain('The link is valid for 30 minutes')
    expect(text).toContain(u.loginName)
    const token = decodeURIComponent(/resetPassword\?token=([\w%-]+)/.exec(text)![1])
    // Not the request's Host: the process's own address when PUBLIC_URL is not set.
    expect(text).toContain(`http://localhost:8080/resetPassword?token=`)
    // The SMTP server has it; the send record is written just after.
    await api.deps.mailer.idle()
    const [record] = await api.deps.db
      .select()
      .from(sendRecords)
      .where(eq(sendRecords.to, 'Reset.Me@Example.test'))
    expect(record).toMatchObject({ status: 'sent', template: 'auth.password_reset' })

    expect((await reset(token, 'Fresh@Pass1')).body).toEqual({
      code: 0,
      msg: 'Success',
      data: null,
    })
    expect((await api.call('/flushTokenTime', {}, { token: session })).status).toBe(401)
    expect((await login(u.loginName, u.password)).body.code).toBe(1001)
    expect((await login(u.loginName, 'Fresh@Pass1')).body.code).toBe(0)

    const again = await reset(token, 'Another@Pass1')
    expect(again.status).toBe(422)
    expect(again.body).toMatchObject({
      code: 1010,
      msg: 'This password reset link is invalid or has already been used.',
    })
    expect((await auditRows(api, 'auth.reset')).map((r) => r.detail.result)).toEqual([
      'success',
      'invalid',
    ])
  })

  it('refuses a link past the minutes of mail.reset_link_minutes', async () => {
    await api.deps.db
      .update(parameters)
      .set({ value: '5' })
      .where(eq(parameters.name, 'mail.reset_link_minutes'))
    try {
      const u = await addUser(api)
      await sendReset({ loginName: u.loginName })
      const token = await resetTokenFrom(api, u.email!)
      api.clock.advance(5 * 60)
      const res = await reset(token, 'Fresh@Pass1')
      expect(res.status).toBe(422)
      expect(res.body).toMatchObject({
        code: 1011,
        msg: 'This password reset link has expired. Please request a new one.',
      })
      expect((await login(u.loginName, u.password)).body.code).toBe(0)
    } finally {
      await api.deps.db
        .update(parameters)
        .set({ value: '30' })
        .where(eq(parameters.name, 'mail.reset_link_minutes'))
    }
  })

  it('uses PUBLIC_URL and BASE_PATH for the link when configured', async () => {
    const other = await createTestApi({
      PUBLIC_URL: 'https://vcc.example.com/',
      BASE_PATH: '/console',
    })
    try {
      const u = await addUser(other)
      await other.call('/public/password/reset/send_email', { email: u.email })
      const text = mailText(await other.smtp.waitFor(u.email!))
      expect(text).toMatch(/https:\/\/vcc\.example\.com\/console\/resetPassword\?token=[\w-]{40,}/)
    } finally {
      await other.close()
    }
  })

  it('lets only one of two simultaneous uses of a link through', async () => {
    const u = await addUser(api)
    await sendReset({ email: u.email })
    const token = await resetTokenFrom(api, u.email!)
    const codes = (await Promise.all([reset(token, 'First@Pass1'), reset(token, 'Second@Pass1')]))
      .map((r) => r.body.code)
      .sort()
    expect(codes).toEqual([0, 1010])
  })

  it('only the newest link works', async () => {
    const u = await addUser(api)
    await sendReset({ email: u.email })
    const first = await resetTokenFrom(api, u.email!)
    await sendReset({ email: u.email })
    const second = await resetTokenFrom(api, u.email!)
    expect((await reset(first, 'Fresh@Pass1')).body.code).toBe(1010)
    expect((await reset(second, 'Fresh@Pass1')).body.code).toBe(0)
  })

  it('clears a lock', async () => {
    const u = await addUser(api)
    for (let i = 0; i < 5; i++) await login(u.loginName, 'Wrong@123456')
    expect((await login(u.loginName, u.password)).body.code).toBe(1002)
    await sendReset({ email: u.email })
    expect((await reset(await resetTokenFrom(api, u.email!), 'Fresh@Pass1')).body.code).toBe(0)
    expect(await userRow(api, u.id)).toMatchObject({ failedLogins: 0, lockedUntil: null })
    expect((await login(u.loginName, 'Fresh@Pass1')).body.code).toBe(0)
  })

  it('answers an unknown e-mail like a known one and sends nothing', async () => {
    const before = await rowCounts(api)
    const res = await sendReset({ email: 'nobody@example.test' })
    expect(res.body).toEqual({ code: 0, msg: 'Success', data: null })
    const after = await rowCounts(api)
    expect(after.mails).toBe(before.mails)
    expect(after.secrets).toBe(before.secrets)
    expect(after.audit).toBe(before.audit + 1)
  })

  it('tells a user found by login name without an e-mail that it is not configured', async () => {
    const res = await sendReset({ loginName: DEMO.auditor[0] })
    expect(res.status).toBe(422)
    expect(res.body).toEqual({ code: 1008, msg: 'Administrator e-mail not configured', data: null })
    const zh = await sendReset({ loginName: DEMO.auditor[0] }, 'zh_CN')
    expect(zh.body.msg).toBe('管理员邮箱未配置')
  })

  it('refuses an unknown token, a mismatched confirmation and a weak password', async () => {
    expect((await reset('no-such-token', 'Fresh@Pass1')).body.code).toBe(1010)
    const mismatch = await reset('no-such-token', 'Fresh@Pass1', 'Fresh@Pass2')
    expect(mismatch.status).toBe(400)
    expect(mismatch.body.data).toEqual({
      fieldErrors: [
        {
          field: 'confirmPassword',
          message: 'The passwords entered are different, please try again',
        },
      ],
    })
    const weak = await reset('no-such-token', 'weakpass')
    expect((weak.body.data as any).fieldErrors).toEqual([
      {
        field: 'newPassword',
        message: 'Password must contain an upper-case letter',
      },
    ])
  })

  const malformed: [string, string, unknown, string[]][] = [
    ['/public/password/reset/send_email', 'nothing', {}, ['email']],
    ['/public/password/reset/send_email', 'bad e-mail', { email: 'not-an-email' }, ['email']],
    ['/public/password/reset/send_email', 'empty e-mail', { email: '' }, ['email']],
    ['/public/password/reset', 'nothing', {}, ['confirmPassword', 'newPassword', 'token']],
    [
      '/public/password/reset',
      'wrong types',
      { token: 1, newPassword: 2, confirmPassword: 3 },
      ['confirmPassword', 'newPassword', 'token'],
    ],
  ]
  for (const [path, name, body, fields] of malformed) {
    it(`${path}: ${name} → 400 with field errors, nothing written`, async () => {
      const before = await rowCounts(api)
      const res = await api.call<any>(path, body)
      expect(res.status).toBe(400)
      expect(res.body.code).toBe(400)
      expect(res.body.data.fieldErrors.map((e: any) => e.field).sort()).toEqual(fields)
      expect(await rowCounts(api)).toEqual(before)
    })
  }

  it('asks for the e-mail address in the spec words', async () => {
    const res = await sendReset({})
    expect((res.body.data as any).fieldErrors).toEqual([
      { field: 'email', message: 'Please enter your email address' },
    ])
  })
})

describe('POST /public/password/update', () => {
  const update = (
    token: string,
    oldPassword: string,
    newPassword: string,
    confirmPassword = newPassword,
  ) =>
    api.call<any>(
      '/public/password/update',
      { oldPassword, newPassword, confirmPassword },
      { token },
    )

  it('changes the password; other sessions end, this one goes on', async () => {
    const u = await addUser(api)
    const token = await api.login(u.loginName, u.password)
    const other = await api.login(u.loginName, u.password)
    const res = await update(token, u.password, 'Changed@123')
    expect(res.body).toEqual({ code: 0, msg: 'Success', data: null })
    expect((await api.call('/flushTokenTime', {}, { token })).body.code).toBe(0)
    expect((await api.call('/flushTokenTime', {}, { token: other })).status).toBe(401)
    expect((await login(u.loginName, 'Changed@123')).body.code).toBe(0)
    expect((await auditRows(api, 'auth.passwordUpdate')).at(-1)).toMatchObject({
      userId: u.id,
      detail: { result: 'success' },
    })
  })

  it('refuses a wrong old password', async () => {
    const u = await addUser(api)
    const token = await api.login(u.loginName, u.password)
    const res = await update(token, 'Wrong@12345', 'Changed@123')
    expect(res.status).toBe(422)
    expect(res.body).toMatchObject({ code: 1012, msg: 'The old password is incorrect.' })
    expect((await login(u.loginName, u.password)).body.code).toBe(0)
  })

  it('holds the spec rules as field errors, writing nothing', async () => {
    const u = await addUser(api)
    const token = await api.login(u.loginName, u.password)
    const cases: [string, string, string, { field: string; message: string }][] = [
      [
        u.password,
        u.password,
        u.password,
        {
          field: 'newPassword',
          message: 'The new password cannot be the same as the old password',
        },
      ],
      [
        u.password,
        'Changed@123',
        'Changed@124',
        {
          field: 'confirmPassword',
          message: 'The passwords entered are different, please try again',
        },
      ],
      [
        u.password,
        'short@A',
        'short@A',
        {
          field: 'newPassword',
          message: 'Password must be 8 to 16 characters long (this one has 7)',
        },
      ],
      [
        u.password,
        'NoSpecial123',
        'NoSpecial123',
        {
          field: 'newPassword',
          message:
            'Password must contain a special character (neither a letter, a digit nor a space)',
        },
      ],
      [
        u.password,
        'Toolong@1234567890',
        'Toolong@1234567890',
        {
          field: 'newPassword',
          message: 'Password must be 8 to 16 characters long (this one has 18)',
        },
      ],
      ['', 'Changed@123', 'Changed@123', { field: 'oldPassword', message: 'Cannot be empty' }],
    ]
    for (const [oldPassword, newPassword, confirmPassword, error] of cases) {
      const before = await rowCounts(api)
      const res = await update(token, oldPassword, newPassword, confirmPassword)
      expect(res.status).toBe(400)
      expect(res.body.data.fieldErrors).toEqual([error])
      expect(await rowCounts(api)).toEqual(before)
    }
    const zh = await api.call<any>(
      '/public/password/update',
      { oldPassword: u.password, newPassword: 'Changed@123', confirmPassword: 'x' },
      { token, lang: 'zh_CN' },
    )
    expect(zh.body.data.fieldErrors).toEqual([
      { field: 'confirmPassword', message: '两次输入的密码不一致，请重试' },
    ])
  })

  it('needs a session', async () => {
    const res = await update('', 'Old@1234567', 'Changed@123')
    expect(res.status).toBe(401)
  })
})

describe('reset links and the Host header', () => {
  it('never take their host from the request', async () => {
    const u = await addUser(api, { email: 'host.probe@example.test' })
    await api.call(
      '/public/password/reset/send_email',
      { email: u.email },
      { headers: { Host: 'evil.example' } },
    )
    const text = mailText(await api.smtp.waitFor('host.probe@example.test'))
    expect(text).not.toContain('evil.example')
    expect(text).toContain('http://localhost:8080/resetPassword?token=')
  })
})
