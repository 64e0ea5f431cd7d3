import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isExpired, limitBreached, type CardLimits, type LimitUsage } from './limits'

const amount = fc.integer({ min: 1, max: 10_000_000 })
const limit = fc.option(fc.integer({ min: 0, max: 20_000_000 }), { nil: null })
const limits = fc.record<CardLimits>({
  limitPerTransaction: limit,
  limitDaily: limit,
  limitMonthly: limit,
  limitLifetime: limit,
})
// Usage as it is: a day's use is within its month's, a month's within the lifetime.
const usage = fc
  .tuple(
    fc.integer({ min: 0, max: 10_000_000 }),
    fc.integer({ min: 0, max: 10_000_000 }),
    fc.integer({ min: 0, max: 10_000_000 }),
  )
  .map(([d, m, l]): LimitUsage => ({ day: d, month: d + m, lifetime: d + m + l }))

describe('authorisation limits (property)', () => {
  it('declines exactly when some limit would be exceeded, naming the first in order', () => {
    fc.assert(
      fc.property(limits, usage, amount, (l, u, a) => {
        const breaches = [
          ['overLimitPerTransaction', l.limitPerTransaction, 0],
          ['overLimitDaily', l.limitDaily, u.day],
          ['overLimitMonthly', l.limitMonthly, u.month],
          ['overLimitLifetime', l.limitLifetime, u.lifetime],
        ].filter(([, max, used]) => max !== null && (used as number) + a > (max as number))
        expect(limitBreached(l, u, a)).toBe(breaches.length ? breaches[0][0] : null)
      }),
    )
  })

  it('an approved amount never takes any period above its limit', () => {
    fc.assert(
      fc.property(limits, usage, amount, (l, u, a) => {
        fc.pre(limitBreached(l, u, a) === null)
        for (const [max, used] of [
          [l.limitPerTransaction, 0],
          [l.limitDaily, u.day],
          [l.limitMonthly, u.month],
          [l.limitLifetime, u.lifetime],
        ] as const) {
          if (max !== null) expect(used + a).toBeLessThanOrEqual(max)
        }
      }),
    )
  })

  it('spending exactly up to a limit is allowed, one unit more is not', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), amount, (used, a) => {
        const l = {
          limitPerTransaction: null,
          limitDaily: used + a,
          limitMonthly: null,
          limitLifetime: null,
        }
        const u = { day: used, month: used, lifetime: used }
        expect(limitBreached(l, u, a)).toBeNull()
        expect(limitBreached(l, u, a + 1)).toBe('overLimitDaily')
      }),
    )
  })

  it('a card is usable through the last day of its expiry month', () => {
    expect(isExpired('2026-03', new Date('2026-03-31T23:59:59Z'))).toBe(false)
    expect(isExpired('2026-03', new Date('2026-04-01T00:00:00Z'))).toBe(true)
    expect(isExpired('2026-03', new Date('2025-12-01T00:00:00Z'))).toBe(false)
  })
})
