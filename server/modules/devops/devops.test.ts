import { readFileSync } from 'node:fs'
import { count, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { DEVOPS_SECTIONS } from '../../../src/lib/screens'
import type { DevopsFigures } from '../../../src/resources/devops'
import { deliverDueCreations } from '../../channels/sandbox'
import { sandboxHooks } from '../../channels/sandbox/issuer'
import { signWebhook, SIGNATURE_HEADER, TIMESTAMP_HEADER } from '../../channels/signing'
import {
  cardBins,
  cardholders,
  channelCalls,
  merchants,
  routeStats,
  webhookOutcomes,
} from '../../db/schema'
import { createTestApi, DEMO, type TestApi } from '../../testing/harness'
import { sessionFor } from '../../testing/sessions'
import { TELEMETRY_RETENTION_MS, pruneTelemetry } from '../../telemetry/store'
import { DB_SAMPLES } from './service'

/**
 * devops-index: its figures are what was recorded — channel calls driven through the card
 * creation call with injected latency and failures, webhook deliveries accepted and refused,
 * answers per route — and only platform administrators get them. No figure depends on the
 * wall clock: the sandbox's waits move the test clock, and durations are read from it.
 */
let api: TestApi
const tokens: Record<string, string> = {}
let skyline = 0
let usdBin = 0
let mei = 0
let seq = 0
const realSleep = sandboxHooks.sleep

async function signIn() {
  for (const [who, [login]] of Object.entries(DEMO)) tokens[who] = await sessionFor(api, login)
}

/** Every section's answer (one call each), merged: what the whole dashboard shows. */
const devops = async (token = tokens.admin) => {
  const merged: Partial<DevopsFigures> = {}
  for (const section of DEVOPS_SECTIONS) {
    const res = await api.call<Partial<DevopsFigures>>(
      `/dashboard/devops/${section}`,
      {},
      { token },
    )
    expect(res.body.code, res.body.msg).toBe(0)
    Object.assign(merged, res.body.data)
  }
  return merged as DevopsFigures
}
const setParam = (operation: string, failurePercent: number, failureKind: string, latencyMs = 0) =>
  api.call(
    '/channels/parameters/save',
    { channelCode: 'sandbox', operation, latencyMs, failurePercent, failureKind },
    { token: tokens.admin },
  )
const createCards = (quantity: number) =>
  api.call(
    '/card/create',
    {
      merchantId: skyline,
      cardBinId: usdBin,
      cardholderId: mei,
      alias: 'Ops',
      usageType: 'advertising',
      validityDays: 365,
      initialAmount: 10_00,
      quantity,
      requestId: `devops-${++seq}`,
    },
    { token: tokens.merchant },
  )
const tableRows = async (table: typeof channelCalls | typeof routeStats | typeof webhookOutcomes) =>
  Number((await api.deps.db.select({ n: count() }).from(table))[0].n)

beforeAll(async () => {
  api = await createTestApi()
  await signIn()
  const db = api.deps.db
  ;[{ id: skyline }] = await db
    .select()
    .from(merchants)
    .where(eq(merchants.name, 'Skyline Air Tickets'))
  ;[{ id: usdBin }] = await db.select().from(cardBins).where(eq(cardBins.bin, '485932'))
  ;[{ id: mei }] = await db
    .select()
    .from(cardholders)
    .where(eq(cardholders.email, 'mei.tan@example.com'))
  // The sandbox's configured latency passes on the test clock, which the durations are read from.
  sandboxHooks.sleep = async (ms) => api.clock.advance(ms / 1000)
  await setParam('creationResult', 0, 'failed')
})
afterEach(() => {
  // A failing expectation must not leave injected failures to the next test.
  return setParam('createCard', 0, 'refused')
})
afterAll(async () => {
  sandboxHooks.sleep = realSleep
  await api.close()
})

describe('who gets devops-index', () => {
  it('platform administrators only: other users get 403 for every section, no session 401', async () => {
    expect((await devops()).windowMinutes).toBe(60)
    for (const section of DEVOPS_SECTIONS) {
      for (const who of ['company', 'merchant', 'auditor'] as const) {
        const res = await api.call(`/dashboard/devops/${section}`, {}, { token: tokens[who] })
        expect(res.status, `${who} ${section}`).toBe(403)
        expect(res.body.code, who).toBe(403)
        // The refusal names the section's screen, nothing of its figures (issue 25).
        expect(res.body.data, who).toEqual({ refusal: { kind: 'menu', menu: expect.any(String) } })
      }
      const anonymous = await api.call(`/dashboard/devops/${section}`, {})
      expect(anonymous.status).toBe(401)
    }
  })

  it('the contract lists the 403 of every section', async () => {
    // The committed contract (a test fails when it is not what the app declares).
    const doc = JSON.parse(readFileSync('openapi/admin.json', 'utf8')) as {
      paths: Record<string, { post: { responses: Record<string, unknown> } }>
    }
    for (const section of DEVOPS_SECTIONS) {
      const op = doc.paths[`/dashboard/devops/${section}`]?.post
      expect(op, section).toBeDefined()
      expect(Object.keys(op.responses), section).toContain('403')
      expect(op, section).toMatchObject({ 'x-permission': `menu:devops-${section}` })
    }
    expect(doc.paths['/dashboard/devops']).toBeUndefined()
  })

  it('refuses a body with anything in it, in the caller’s language', async () => {
    const res = await api.call(
      '/dashboard/devops/database',
      { window: 5 },
      { token: tokens.admin, lang: 'zh_CN' },
    )
    expect(res.status).toBe(400)
    expect(res.body.code).toBe(400)
    expect(res.body.msg).toMatch(/[\u4e00-\u9fff]/)
  })
})

describe('the figures are what was recorded', () => {
  it('channel health: calls, failures, success rate and latency percentiles per operation', async () => {
    const before = (await devops()).channels.find((c) => c.operation === 'createCard')
    expect(before).toBeUndefined()
    // Three creations answered after 250 ms, then two the channel cannot take (40 ms each).
    await setParam('createCard', 0, 'refused', 250)
    expect((await createCards(3)).body.code).toBe(0)
    await setParam('createCard', 100, 'unavailable', 40)
    expect((await createCards(2)).body.code).toBe(0)

    const s = await devops()
    const create = s.channels.find(
      (c) => c.channelCode === 'sandbox' && c.operation === 'createCard',
    )
    expect(create).toEqual({
      channelCode: 'sandbox',
      channelName: 'Sandbox issuer',
      operation: 'createCard',
      calls: 5,
      failed: 2,
      successRate: 0.6,
      // 40, 40, 250, 250, 250
      p50Ms: 250,
      p99Ms: 250,
      maxMs: 250,
    })
  })

  it('each creation result delivered is an accepted webhook delivery', async () => {
    // The three accepted creations: acknowledged, their results due now.
    expect(await deliverDueCreations(api.deps)).toBe(3)
    const after = await devops()
    // Each delivery was accepted by the webhook.
    expect(after.webhooks.accepted).toBe(3)
    expect(after.webhooks.refused).toBe(0)
  })

  it('webhook failures: each refused delivery by channel and reason', async () => {
    const at = Math.floor(api.clock.now().getTime() / 1000)
    const body = JSON.stringify({ id: 'x', type: 'card.creation' })
    const send = (code: string, signature: string) =>
      api.fetch(`/channels/webhook/${code}`, JSON.parse(body), {
        headers: { [TIMESTAMP_HEADER]: String(at), [SIGNATURE_HEADER]: signature },
      })
    expect((await send('sandbox', 'bad')).status).toBe(401)
    expect((await send('sandbox', 'bad')).status).toBe(401)
    expect((await send('no-such-channel', signWebhook(Buffer.from('k'), at, body))).status).toBe(
      404,
    )
    const s = await devops()
    expect(s.webhooks.accepted).toBe(3)
    expect(s.webhooks.refused).toBe(3)
    expect(s.webhooks.failures).toEqual([
      { channel: 'sandbox', reason: 'badSignature', count: 2 },
      // A made-up code is not kept as written.
      { channel: '?', reason: 'unknownChannel', count: 1 },
    ])
  })

  it('error rate by route: answers per route pattern, refused and failed apart', async () => {
    const summary = (body: unknown) => api.call('/dashboard/summary', body, { token: tokens.admin })
    const base = (await devops()).routes.find((r) => r.route === '/dashboard/summary')
    expect(base).toBeUndefined()
    expect((await summary({ currency: 'USD', from: '2026-01-01', to: '2026-01-15' })).status).toBe(
      200,
    )
    expect((await summary({ currency: 'USD', from: '2026-01-15', to: '2026-01-01' })).status).toBe(
      400,
    )
    expect((await summary({ currency: 'nope' })).status).toBe(400)
    expect((await api.call('/dashboard/summary', {}, { token: 'dead' })).status).toBe(401)
    expect((await api.call('/no/such/call', {})).status).toBe(404)

    const s = await devops()
    expect(s.routes.find((r) => r.route === '/dashboard/summary')).toEqual({
      method: 'POST',
      route: '/dashboard/summary',
      requests: 4,
      clientErrors: 3,
      serverErrors: 0,
      errorRate: 0.75,
      avgMs: 0,
      maxMs: 0,
    })
    // Paths that match no route share one row.
    expect(s.routes.find((r) => r.route === '*')).toMatchObject({ requests: 1, clientErrors: 1 })
    // The webhook's pattern, not each channel's path; its deliveries and refusals counted.
    expect(s.routes.find((r) => r.route === '/channels/webhook/:channelCode')).toMatchObject({
      requests: 6,
      clientErrors: 3,
    })
    // Most errors first.
    const errors = s.routes.map((r) => r.clientErrors + r.serverErrors)
    expect(errors).toEqual([...errors].sort((a, b) => b - a))
    // Every minute of the hour, the current one last, with this minute's answers and errors.
    expect(s.perMinute).toHaveLength(60)
    const total = s.routes.reduce((n, r) => n + r.requests, 0)
    expect(s.perMinute.reduce((n, m) => n + m.requests, 0)).toBe(total)
    expect(s.perMinute.reduce((n, m) => n + m.errors, 0)).toBe(
      s.routes.reduce((n, r) => n + r.clientErrors + r.serverErrors, 0),
    )
    expect(Date.parse(s.perMinute.at(-1)!.minute)).toBeLessThanOrEqual(Date.parse(s.at))
  })

  it('database latency: timed round trips, measured for each answer', async () => {
    const { database } = await devops()
    expect(database.samples).toBe(DB_SAMPLES)
    // Durations come from the test clock here, which no query moves.
    expect(database).toMatchObject({ p50Ms: 0, p99Ms: 0, maxMs: 0 })
  })
})

describe('time', () => {
  it('an hour later the calls have left the figures; the rows stay until the retention ends', async () => {
    api.clock.advance(61 * 60)
    await signIn()
    const s = await devops()
    expect(s.channels).toEqual([])
    expect(s.webhooks).toEqual({ accepted: 0, refused: 0, failures: [] })
    // Only the section calls just made (the routes call's own answer is not yet in).
    expect(s.routes.every((r) => r.route.startsWith('/dashboard/devops/'))).toBe(true)
    expect(await tableRows(channelCalls)).toBe(5)

    // Past the retention everything recorded so far goes; what is recent stays.
    api.clock.advance(TELEMETRY_RETENTION_MS / 1000)
    await signIn()
    await devops()
    expect(await pruneTelemetry(api.deps)).toBeGreaterThan(0)
    expect(await tableRows(channelCalls)).toBe(0)
    expect(await tableRows(webhookOutcomes)).toBe(0)
    // Route rows left are of this minute (the devops calls just made).
    const minutes = await api.deps.db.selectDistinct({ m: routeStats.minute }).from(routeStats)
    for (const { m } of minutes) {
      expect(api.clock.now().getTime() - new Date(m).getTime()).toBeLessThan(TELEMETRY_RETENTION_MS)
    }
  })
})
