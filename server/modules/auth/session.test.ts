import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessions } from '../../db/schema'
import { hashToken } from '../../auth/tokens'
import { createTestApi, DEMO, type TestApi } from '../../testing/harness'
import { auditRows, rowCounts } from './testing'

let api: TestApi
beforeAll(async () => {
  api = await createTestApi()
})
afterAll(() => api.close())

const IDLE = 900
const EXPIRED = { code: 401, msg: 'Login has expired, please log in again', data: null }

async function sessionOf(token: string) {
  const [row] = await api.deps.db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)))
  return row
}

/** An authenticated call that changes nothing: a password update refused for a wrong old one. */
const touch = (token: string, background = false) =>
  api.call(
    '/public/password/update',
    { oldPassword: 'Not@theOld1', newPassword: 'Other@12345', confirmPassword: 'Other@12345' },
    { token, background },
  )

describe('tokens', () => {
  it('stores only the hash of the token', async () => {
    const token = await api.login(...DEMO.admin)
    const row = await sessionOf(token)
    expect(row.tokenHash).toBe(hashToken(token))
    expect(row.tokenHash).not.toContain(token)
  })

  it('answers an unknown token and a missing one with the 401 envelope', async () => {
    for (const token of ['not-a-real-token', null]) {
      const res = await api.call('/flushTokenTime', {}, { token })
      expect(res.status).toBe(401)
      expect(res.body).toEqual(EXPIRED)
    }
  })

  it('expires a session left idle for SESSION_IDLE_SECONDS', async () => {
    const token = await api.login(...DEMO.admin)
    api.clock.advance(IDLE - 1)
    expect((await api.call('/flushTokenTime', {}, { token })).body.code).toBe(0)
    api.clock.advance(IDLE)
    const res = await api.call('/flushTokenTime', {}, { token })
    expect(res.status).toBe(401)
    expect(res.body).toEqual(EXPIRED)
  })

  it('speaks the 401 in Chinese', async () => {
    const res = await api.call('/flushTokenTime', {}, { token: 'nope', lang: 'zh_CN' })
    expect(res.body).toEqual({ code: 401, msg: '登录已过期，请重新登录', data: null })
  })
})

describe('the idle clock', () => {
  it('is extended by a normal authenticated call', async () => {
    const token = await api.login(...DEMO.admin)
    api.clock.advance(600)
    expect((await touch(token)).body.code).toBe(1012)
    expect((await sessionOf(token)).expiresAt).toEqual(
      new Date(api.clock.now().getTime() + IDLE * 1000),
    )
    api.clock.advance(600) // 1200 s after sign-in, 600 s after the call
    expect((await api.call('/flushTokenTime', {}, { token, background: true })).body.code).toBe(0)
  })

  it('is not extended by a background call', async () => {
    const token = await api.login(...DEMO.admin)
    const signedInUntil = (await sessionOf(token)).expiresAt
    api.clock.advance(600)
    expect((await touch(token, true)).body.code).toBe(1012)
    expect((await sessionOf(token)).expiresAt).toEqual(signedInUntil)
    api.clock.advance(IDLE - 600)
    expect((await touch(token, true)).status).toBe(401)
  })

  it('is restarted by /flushTokenTime, which answers the new expiry', async () => {
    const token = await api.login(...DEMO.admin)
    api.clock.advance(800)
    const res = await api.call<any>('/flushTokenTime', {}, { token })
    const expiresAt = new Date(api.clock.now().getTime() + IDLE * 1000).toISOString()
    expect(res.body).toEqual({ code: 0, msg: 'Success', data: { expiresAt, idleSeconds: IDLE } })
    api.clock.advance(800)
    expect((await api.call('/flushTokenTime', {}, { token })).body.code).toBe(0)
  })
})

describe('POST /logout', () => {
  it('ends the session: the token stops working', async () => {
    const token = await api.login(...DEMO.company)
    const other = await api.login(...DEMO.company)
    const res = await api.call('/logout', {}, { token })
    expect(res.body).toEqual({ code: 0, msg: 'Success', data: null })
    expect((await sessionOf(token)).revokedAt).not.toBeNull()
    expect((await api.call('/flushTokenTime', {}, { token })).body).toEqual(EXPIRED)
    expect((await api.call('/logout', {}, { token })).status).toBe(401)
    // Only this session: the user's other sign-in goes on.
    expect((await api.call('/flushTokenTime', {}, { token: other })).body.code).toBe(0)
    expect((await auditRows(api, 'auth.logout')).at(-1)).toMatchObject({
      loginName: 'company.admin',
    })
  })

  it('needs a session', async () => {
    const before = await rowCounts(api)
    const res = await api.call('/logout', {})
    expect(res.status).toBe(401)
    expect(await rowCounts(api)).toEqual(before)
  })
})
