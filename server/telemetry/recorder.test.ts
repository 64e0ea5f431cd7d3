import { describe, expect, it } from 'vitest'
import { TestClock } from '../testing/harness'
import { MAX_BUFFERED_CALLS, minuteOf, Telemetry } from './recorder'

const call = (ok: boolean) => ({
  channelId: 1,
  operation: 'topUp',
  ok,
  failureKind: ok ? null : 'refused',
  latencyMs: 5,
})

describe('the telemetry buffer', () => {
  it('counts route answers per minute, method, route and status class', () => {
    const clock = new TestClock(Date.parse('2026-01-15T08:00:10Z'))
    const t = new Telemetry(clock, () => 0)
    t.route({ method: 'POST', route: '/a', status: 200, ms: 4 })
    t.route({ method: 'POST', route: '/a', status: 204, ms: 10 })
    t.route({ method: 'POST', route: '/a', status: 503, ms: 7.6 })
    t.route({ method: 'POST', route: '/a', status: 422, ms: 1 })
    clock.advance(60)
    t.route({ method: 'POST', route: '/a', status: 200, ms: 2 })
    const { routes } = t.take()
    const at = (iso: string, statusClass: number) =>
      routes.find((r) => r.minute.toISOString() === iso && r.statusClass === statusClass)
    expect(at('2026-01-15T08:00:00.000Z', 2)).toMatchObject({ count: 2, totalMs: 14, maxMs: 10 })
    expect(at('2026-01-15T08:00:00.000Z', 5)).toMatchObject({ count: 1, totalMs: 8, maxMs: 8 })
    expect(at('2026-01-15T08:00:00.000Z', 4)).toMatchObject({ count: 1 })
    expect(at('2026-01-15T08:01:00.000Z', 2)).toMatchObject({ count: 1, totalMs: 2 })
    expect(routes).toHaveLength(4)
  })

  it('starts empty after a take, and a batch put back merges with what came meanwhile', () => {
    const t = new Telemetry(new TestClock(), () => 0)
    t.webhook({ channel: 'sandbox', outcome: 'refused', reason: 'replay' })
    t.channelCall(call(true))
    const batch = t.take()
    expect(t.take()).toEqual({ calls: [], webhooks: [], routes: [] })
    t.webhook({ channel: 'sandbox', outcome: 'refused', reason: 'replay' })
    t.channelCall(call(false))
    t.putBack(batch)
    const again = t.take()
    expect(again.webhooks).toEqual([
      expect.objectContaining({ channel: 'sandbox', reason: 'replay', count: 2 }),
    ])
    // Oldest first, as they happened.
    expect(again.calls.map((c) => c.ok)).toEqual([true, false])
  })

  it('keeps at most MAX_BUFFERED_CALLS calls, dropping the oldest and saying how many', () => {
    const t = new Telemetry(new TestClock(), () => 0)
    for (let i = 0; i < MAX_BUFFERED_CALLS + 3; i++) t.channelCall({ ...call(true), latencyMs: i })
    expect(t.dropped).toBe(3)
    const { calls } = t.take()
    expect(calls).toHaveLength(MAX_BUFFERED_CALLS)
    expect(calls[0].latencyMs).toBe(3)
  })

  it('dates a record by the start of its UTC minute', () => {
    expect(minuteOf(new Date('2026-01-15T08:59:59.999Z')).toISOString()).toBe(
      '2026-01-15T08:59:00.000Z',
    )
  })
})
