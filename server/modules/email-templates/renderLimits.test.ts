import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailTemplates, users } from '../../db/schema'
import { TemplateRenderError, renderText } from '../../mail/templates/engine'
import { RenderPool } from '../../mail/templates/renderPool'
import { createTestApi, type TestApi } from '../../testing/harness'
import { PREVIEW_LIMIT } from './service'

/**
 * Issue 26: templates render off the request path, in worker threads with a hard time and
 * memory limit; a template past the limits is refused on save; previews are rate-limited; a
 * public call whose template cannot be rendered still sends its mail (the built-in text).
 */
let api: TestApi
let admin: string

beforeAll(async () => {
  api = await createTestApi()
  admin = await api.login('admin', 'Admin@123456')
}, 120_000)
afterAll(async () => {
  await api?.close()
})

/** A nested loop: LiquidJS' render limit stops it after 500 ms of rendering, in its worker. */
const LOOPING = '{% for i in (1..100000) %}{% for j in (1..100000) %}x{% endfor %}{% endfor %}'
const reset = { event: 'password-reset', language: 'en-US', title: 'Reset' }

describe('the render worker', () => {
  it('terminates a render past its time limit, and the next render gets a fresh worker', async () => {
    // LiquidJS' own limits off: only the worker's time limit stops the loop.
    const pool = new RenderPool({ size: 1, timeoutMs: 300, heapMb: 64, liquid: {} })
    try {
      const stopped = await renderText({ title: 'T', content: LOOPING }, {}, pool).catch((e) => e)
      expect(stopped).toBeInstanceOf(TemplateRenderError)
      expect(stopped).toMatchObject({ kind: 'limit', field: 'content' })
      expect((stopped as Error).message).toMatch(/time limit exceeded/)
      const next = await renderText(
        { title: 'Hi {{ name }}', content: '<p>ok</p>' },
        { name: 'Ann' },
        pool,
      )
      expect(next).toMatchObject({ subject: 'Hi Ann', html: '<p>ok</p>' })
    } finally {
      await pool.close()
    }
  }, 60_000)

  it('stops a render past its memory limit', async () => {
    const pool = new RenderPool({ size: 1, timeoutMs: 30_000, heapMb: 16, liquid: {} })
    // Doubles an array of strings until the worker's 16 MB heap is spent.
    const swelling =
      '{% assign a = "x,x" | split: "," %}{% for i in (1..40) %}{% assign a = a | concat: a %}{% endfor %}{{ a.size }}'
    try {
      const stopped = await renderText({ title: 'T', content: swelling }, {}, pool).catch((e) => e)
      expect(stopped).toMatchObject({ kind: 'limit' })
      expect((stopped as Error).message).toMatch(/memory limit exceeded/)
    } finally {
      await pool.close()
    }
  }, 60_000)
})

describe('a looping template', () => {
  it('is refused on save with 3907 and a field error in the caller language; nothing is saved', async () => {
    const before = await api.deps.db
      .select()
      .from(emailTemplates)
      .where(and(eq(emailTemplates.event, 'password-reset'), eq(emailTemplates.language, 'en-US')))
    for (const [lang, words] of [
      ['en-US', /cannot be rendered with sample values/],
      ['zh-CN', /无法用示例数据渲染/],
    ] as const) {
      const res = await api.call<unknown>(
        '/email-template/save',
        { id: before[0].id, name: 'Looping', ...reset, content: LOOPING },
        { token: admin, lang },
      )
      expect(res.body.code).toBe(3907)
      const errors = (res.body.data as { fieldErrors: { field: string; message: string }[] })
        .fieldErrors
      expect(errors).toEqual([{ field: 'content', message: expect.stringMatching(words) }])
    }
    const [after] = await api.deps.db
      .select()
      .from(emailTemplates)
      .where(eq(emailTemplates.id, before[0].id))
    expect(after.version).toBe(before[0].version)
    expect(after.content).toBe(before[0].content)
  }, 120_000)

  it('20 parallel previews do not hold up /admin/health: it answers while they still run', async () => {
    let previewsDone = 0
    const previews = Array.from({ length: 20 }, () =>
      api
        .call('/email-template/preview', { ...reset, content: LOOPING }, { token: admin })
        .finally(() => previewsDone++),
    )
    // Once the first render has started, ask for health: it must not wait for the renders.
    await new Promise((r) => setTimeout(r, 200))
    const health = await api.call('/health', {}, { method: 'GET' })
    const doneWhenHealthAnswered = previewsDone
    expect(health.status).toBe(200)
    const answers = await Promise.all(previews)
    expect(doneWhenHealthAnswered).toBeLessThan(20)
    // Each preview is stopped by a limit, in its worker (3906), never 500.
    expect(answers.every((a) => a.body.code === 3906)).toBe(true)
  }, 180_000)

  it('saved before the rule, still sends the reset mail: the built-in text, no 500', async () => {
    await api.deps.db
      .update(emailTemplates)
      .set({ content: LOOPING })
      .where(and(eq(emailTemplates.event, 'password-reset'), eq(emailTemplates.language, 'en-US')))
    await api.deps.db
      .update(users)
      .set({ email: 'looping.reset@example.test' })
      .where(eq(users.loginName, 'admin'))
    const res = await api.call('/public/password/reset/send_email', {
      email: 'looping.reset@example.test',
    })
    expect(res.status).toBe(200)
    expect(res.body.code).toBe(0)
    const mail = await api.smtp.waitFor('looping.reset@example.test')
    expect(mail.text).toMatch(/resetPassword\?token=/)
  }, 120_000)
})

describe('previews', () => {
  it('are limited per user: past the limit, 429 in the envelope', async () => {
    const simple = { ...reset, content: '<p>{{ name }}</p>' }
    const auditor = await api.login('admin', 'Admin@123456')
    let refused: { status: number; body: { code: number; msg: string } } | null = null
    for (let i = 0; i <= PREVIEW_LIMIT.max + 1 && !refused; i++) {
      const res = await api.call('/email-template/preview', simple, { token: auditor })
      if (res.body.code !== 0) refused = res
    }
    expect(refused).toMatchObject({ status: 429, body: { code: 429 } })
    expect(refused!.body.msg).toMatch(/try again/i)
  }, 180_000)
})
