import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { channelEvents, channels } from '../../db/schema'
import { eventHandlers } from '../../channels/handlers'
import { signWebhook, webhookSecret } from '../../channels/signing'
import { createTestApi, type TestApi } from '../../testing/harness'

let api: TestApi
let sandboxCode: string
beforeAll(async () => {
  api = await createTestApi()
  const [ch] = await api.deps.db.select().from(channels).where(eq(channels.active, true))
  sandboxCode = ch.code
})
afterAll(() => api.close())

const saved = { ...eventHandlers }
afterEach(() => {
  for (const k of Object.keys(eventHandlers)) delete (eventHandlers as Record<string, unknown>)[k]
  Object.assign(eventHandlers, saved)
})

const reversal = (id: string) =>
  JSON.stringify({
    id,
    occurredAt: '2026-01-15T08:00:00Z',
    type: 'reversal',
    data: { cardRef: 'c1', txnRef: 't1' },
  })

function deliver(
  body: string,
  opts: { code?: string; secretCode?: string; at?: number; signature?: string } = {},
) {
  const at = opts.at ?? Math.floor(api.clock.now().getTime() / 1000)
  const secret = webhookSecret(api.deps.dataKey, opts.secretCode ?? opts.code ?? sandboxCode)
  return api.callRaw(`/channels/webhook/${opts.code ?? sandboxCode}`, body, {
    headers: {
      'X-Channel-Timestamp': String(at),
      'X-Channel-Signature': opts.signature ?? signWebhook(secret, at, body),
    },
  })
}

/** A handler that counts how often it acted. */
function countingReversal() {
  const calls: string[] = []
  eventHandlers.reversal = async (_deps, _channel, event) => {
    calls.push(event.id)
    return { outcome: 'accepted' }
  }
  return calls
}

describe('the channel webhook', () => {
  it('acts on a correctly signed event and answers its outcome', async () => {
    const calls = countingReversal()
    const res = await deliver(reversal('ev-ok'))
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({ outcome: 'accepted' })
    expect(calls).toEqual(['ev-ok'])
  })

  it('acts once on a resent event and gives the first answer again', async () => {
    const calls = countingReversal()
    const first = await deliver(reversal('ev-dup'))
    api.clock.advance(60)
    const again = await deliver(reversal('ev-dup'))
    expect(again.body).toEqual(first.body)
    expect(calls).toEqual(['ev-dup'])
    const logged = await api.deps.db
      .select()
      .from(channelEvents)
      .where(eq(channelEvents.eventId, 'ev-dup'))
    expect(logged).toHaveLength(1)
  })

  it('refuses a bad signature, an unknown channel and a replay, and acts on none', async () => {
    const calls = countingReversal()
    const badSig = await deliver(reversal('ev-bad'), { signature: 'sha256=' + '0'.repeat(64) })
    expect([badSig.status, badSig.body.code]).toEqual([401, 3031])
    const otherSecret = await deliver(reversal('ev-bad2'), { secretCode: 'someone-else' })
    expect([otherSecret.status, otherSecret.body.code]).toEqual([401, 3031])
    const unknown = await deliver(reversal('ev-unknown'), { code: 'no-such-channel' })
    expect([unknown.status, unknown.body.code]).toEqual([404, 3030])
    const old = Math.floor(api.clock.now().getTime() / 1000) - 301
    const replay = await deliver(reversal('ev-replay'), { at: old })
    expect([replay.status, replay.body.code]).toEqual([401, 3032])
    expect(calls).toEqual([])
  })

  it('refuses a malformed event with field errors, and an event type nobody handles', async () => {
    const calls = countingReversal()
    const bad = await deliver(JSON.stringify({ id: 'x', type: 'reversal', data: {} }))
    expect(bad.status).toBe(400)
    expect((bad.body.data as { fieldErrors: unknown[] }).fieldErrors.length).toBeGreaterThan(0)
    delete eventHandlers.reversal
    const none = await deliver(reversal('ev-none'))
    expect([none.status, none.body.code]).toEqual([422, 3034])
    expect(calls).toEqual([])
  })

  it('answers in the caller language', async () => {
    const res = await api.callRaw(`/channels/webhook/${sandboxCode}`, reversal('ev-zh'), {
      lang: 'zh_CN',
    })
    expect(res.body.msg).toBe('事件签名缺失或错误')
  })
})
