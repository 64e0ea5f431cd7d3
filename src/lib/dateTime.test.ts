import { describe, expect, it } from 'vitest'
import { formatDateTime, isKnownTimeZone } from './dateTime'

describe('formatDateTime', () => {
  const iso = '2024-12-31T18:30:05Z'

  it('shows the instant in the user timezone', () => {
    expect(formatDateTime(iso, { timeZone: 'Asia/Shanghai' })).toBe('2025-01-01 02:30:05')
    expect(formatDateTime(iso, { timeZone: 'America/New_York' })).toBe('2024-12-31 13:30:05')
    expect(formatDateTime(iso)).toBe('2024-12-31 18:30:05')
  })

  it('can show the date only', () => {
    expect(formatDateTime(iso, { timeZone: 'Asia/Shanghai', dateOnly: true })).toBe('2025-01-01')
  })

  it('uses a 24-hour clock at midnight', () => {
    expect(formatDateTime('2024-01-01T00:00:00Z')).toBe('2024-01-01 00:00:00')
  })

  it('falls back to UTC for an unknown zone and to nothing for a bad value', () => {
    expect(isKnownTimeZone('Mars/Olympus')).toBe(false)
    expect(formatDateTime(iso, { timeZone: 'Mars/Olympus' })).toBe('2024-12-31 18:30:05')
    expect(formatDateTime('not a date')).toBe('')
    expect(formatDateTime(null)).toBe('')
  })
})
