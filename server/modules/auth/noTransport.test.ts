import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, type TestApi } from '../../testing/harness'
import { addUser, rowCounts } from './testing'

/**
 * 1009 (docs/auth.md): with no sender account and no SMTP_URL a mail has no way out. A reset
 * link or a sign-in code is then refused in the caller's language, before anything is
 * written, instead of answering "sent" for a mail that would only end failed.
 */
let api: TestApi
beforeAll(async () => {
  api = await createTestApi({ SMTP_URL: '' })
}, 600_000)
afterAll(async () => {
  await api?.close()
})

const expectRefused = async (
  path: string,
  body: unknown,
  code: number,
  extra: { token?: string } = {},
) => {
  const before = await rowCounts(api)
  const en = await api.call(path, body, { lang: 'en_US', ...extra })
  expect(en.body.code).toBe(code)
  const zh = await api.call(path, body, { lang: 'zh_CN', ...extra })
  expect(zh.body.code).toBe(code)
  expect(zh.body.msg).toMatch(/[\u4e00-\u9fff]/)
  const after = await rowCounts(api)
  // No mail queued, no link or code made (only the refusals' audit rows).
  expect(after.mails).toBe(before.mails)
  expect(after.secrets).toBe(before.secrets)
  return en.body.msg as string
}

describe('no sender account and no SMTP_URL', () => {
  it('a reset by e-mail is refused with 1009, the same for a known and an unknown address', async () => {
    const u = await addUser(api)
    const known = await expectRefused('/public/password/reset/send_email', { email: u.email }, 1009)
    expect(known).toMatch(/no sender account or mail server/i)
    const unknown = await expectRefused(
      '/public/password/reset/send_email',
      { email: 'nobody@example.test' },
      1009,
    )
    expect(unknown).toBe(known)
  }, 300_000)

  it('by login name: 1009; an account without an e-mail address is told so (1008)', async () => {
    const u = await addUser(api)
    await expectRefused('/public/password/reset/send_email', { loginName: u.loginName }, 1009)
    const bare = await addUser(api, { email: null })
    await expectRefused('/public/password/reset/send_email', { loginName: bare.loginName }, 1008)
  }, 300_000)

  it('a sign-in that needs a code is refused with 1009 and makes no code', async () => {
    const u = await addUser(api, { verifyByEmail: true })
    const before = await rowCounts(api)
    const res = await api.call('/login', { loginName: u.loginName, password: u.password })
    expect(res.body.code).toBe(1009)
    const after = await rowCounts(api)
    expect(after.mails).toBe(before.mails)
    expect(after.secrets).toBe(before.secrets)
    // The session opened for the code step was closed again: no token was answered.
    expect(JSON.stringify(res.body)).not.toMatch(/token/i)
  }, 300_000)

  it('with an active platform default account the same reset is queued and answered success', async () => {
    const admin = await api.login('admin', 'Admin@123456')
    const saved = await api.call(
      '/email-account/save',
      {
        address: 'platform@outbox.example',
        host: '127.0.0.1',
        port: api.smtp.port,
        security: 'none',
        password: '',
        isDefault: true,
      },
      { token: admin },
    )
    expect(saved.body.code).toBe(0)
    const u = await addUser(api)
    const res = await api.call('/public/password/reset/send_email', { email: u.email })
    expect(res.body.code).toBe(0)
    const mail = await api.smtp.waitFor(u.email!, 120_000)
    expect(mail.raw).toMatch(/^From: platform@outbox\.example/m)
    await api.deps.mailer.idle()
  }, 300_000)
})
