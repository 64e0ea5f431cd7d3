import { describe, expect, it } from 'vitest'
import { formatCountdown } from './countdown'

describe('formatCountdown', () => {
  it.each([
    [0, '00:00'],
    [5, '00:05'],
    [59, '00:59'],
    [60, '01:00'],
    [90, '01:30'],
    [870, '14:30'],
    [6000, '100:00'],
    [-3, '00:00'],
    [9.9, '00:09'],
  ])('%s s → %s', (seconds, text) => {
    expect(formatCountdown(seconds)).toBe(text)
  })
})
