import { describe, expect, it } from 'vitest'
import { luhnValid } from '../../cards/cardData'
import { expiryFor } from '../../modules/cards/create'
import { cardNumberFor, CARD_NUMBER_LENGTH, securityCode } from './numbers'
import { injectsFailure } from './parameters'

/** A fixed sequence of draws, repeated. */
const draws = (...values: number[]) => {
  let i = 0
  return (max: number) => values[i++ % values.length] % max
}

describe('sandbox card numbers', () => {
  it('are 16 digits, start with the BIN and pass the Luhn checksum', () => {
    for (const bin of ['485932', '5231124', '52311245']) {
      for (let n = 0; n < 200; n++) {
        const number = cardNumberFor(bin)
        expect(number).toHaveLength(CARD_NUMBER_LENGTH)
        expect(number.startsWith(bin)).toBe(true)
        expect(luhnValid(number)).toBe(true)
      }
    }
  })

  it('put the Luhn check digit last (a known number)', () => {
    // 4111 1111 1111 1111 is the classic test number: BIN 411111 and nine more 1s.
    expect(cardNumberFor('411111', draws(1))).toBe('4111111111111111')
    const changed = `${cardNumberFor('411111', draws(1)).slice(0, 15)}2`
    expect(luhnValid(changed)).toBe(false)
  })

  it('refuse a BIN that is not 6 to 8 digits', () => {
    expect(() => cardNumberFor('12345')).toThrow()
    expect(() => cardNumberFor('123456789')).toThrow()
    expect(() => cardNumberFor('12a456')).toThrow()
  })
})

describe('sandbox security codes', () => {
  it('are three digits, leading zeros kept', () => {
    expect(securityCode(draws(7))).toBe('007')
    expect(securityCode(draws(999))).toBe('999')
    for (let n = 0; n < 200; n++) expect(securityCode()).toMatch(/^[0-9]{3}$/)
  })
})

describe('card expiry', () => {
  it('is the month the validity ends in, so the card lasts at least that long', () => {
    const jan15 = new Date('2026-01-15T08:00:00Z')
    expect(expiryFor(jan15, 30)).toBe('2026-02')
    expect(expiryFor(jan15, 16)).toBe('2026-01')
    expect(expiryFor(jan15, 17)).toBe('2026-02')
    expect(expiryFor(jan15, 365 * 3)).toBe('2029-01')
  })
})

describe('failure injection', () => {
  const b = (failurePercent: number) => ({ latencyMs: 0, failurePercent, failureKind: 'refused' })
  it('fails exactly the configured share of draws (0–99)', () => {
    expect(injectsFailure(b(0), draws(0))).toBe(false)
    expect(injectsFailure(b(100), draws(99))).toBe(true)
    expect(injectsFailure(b(30), draws(29))).toBe(true)
    expect(injectsFailure(b(30), draws(30))).toBe(false)
  })
})
