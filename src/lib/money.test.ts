import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  currencyExponent,
  currencyList,
  formatMoney,
  isCurrency,
  normalizeCurrency,
  parseMoney,
  roundHalfEven,
} from './money'

describe('currencies (ISO 4217)', () => {
  it('knows the exponents', () => {
    expect(currencyExponent('USD')).toBe(2)
    expect(currencyExponent('VND')).toBe(0)
    expect(currencyExponent('JPY')).toBe(0)
    expect(currencyExponent('BHD')).toBe(3)
    expect(currencyExponent('RMB')).toBe(2)
    expect(() => currencyExponent('ABC')).toThrow()
  })

  it('normalises RMB to CNY and refuses codes that are not money', () => {
    expect(normalizeCurrency('rmb')).toBe('CNY')
    expect(normalizeCurrency(' usd ')).toBe('USD')
    expect(normalizeCurrency('XXX')).toBeNull()
    expect(normalizeCurrency('XAU')).toBeNull()
    expect(normalizeCurrency('US')).toBeNull()
    expect(isCurrency('USD')).toBe(true)
    expect(isCurrency('usd')).toBe(false)
    expect(currencyList()).toContain('VND')
    expect(currencyList()).not.toContain('XXX')
  })
})

describe('formatMoney', () => {
  it('uses the spec’s symbols, thousand separators and the currency’s decimals', () => {
    expect(formatMoney(123456, 'USD')).toBe('$1,234.56')
    expect(formatMoney(100, 'EUR')).toBe('€1.00')
    expect(formatMoney(5, 'GBP')).toBe('£0.05')
    expect(formatMoney(1500000, 'VND')).toBe('₫1,500,000')
    expect(formatMoney(123456789, 'THB')).toBe('฿1,234,567.89')
    expect(formatMoney(99, 'SGD')).toBe('S$0.99')
    expect(formatMoney(100000, 'CNY')).toBe('¥1,000.00')
    expect(formatMoney(100000, 'RMB')).toBe('¥1,000.00')
    expect(formatMoney(1234, 'CHF')).toBe('CHF 12.34')
    expect(formatMoney(-123456, 'USD')).toBe('-$1,234.56')
    expect(formatMoney(123456, 'USD', { symbol: false })).toBe('1,234.56')
    expect(formatMoney(1234567, 'BHD')).toBe('BHD 1,234.567')
  })

  it('shows 2 decimals on request, rounding half-even', () => {
    expect(formatMoney(1500, 'VND', { decimals: 2 })).toBe('₫1,500.00')
    expect(formatMoney(1235, 'BHD', { decimals: 2, symbol: false })).toBe('1.24')
    expect(formatMoney(1245, 'BHD', { decimals: 2, symbol: false })).toBe('1.24')
    expect(formatMoney(1246, 'BHD', { decimals: 2, symbol: false })).toBe('1.25')
  })
})

describe('parseMoney', () => {
  it('reads amounts with or without separators into minor units', () => {
    expect(parseMoney('1,234.56', 'USD')).toBe(123456)
    expect(parseMoney('1234.5', 'USD')).toBe(123450)
    expect(parseMoney('12', 'USD')).toBe(1200)
    expect(parseMoney('-0.01', 'USD')).toBe(-1)
    expect(parseMoney('1,500,000', 'VND')).toBe(1500000)
  })

  it('refuses what it cannot read exactly', () => {
    for (const bad of ['', '1.234', '1,23.00', '12,34', 'abc', '1e5', '$12', '1.', '.5']) {
      expect(parseMoney(bad, 'USD'), bad).toBeNull()
    }
    expect(parseMoney('1.5', 'VND')).toBeNull()
    expect(parseMoney('999999999999999999', 'USD')).toBeNull()
  })

  it('reads back whatever it formats', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e15, max: 1e15 }),
        fc.constantFrom('USD', 'VND', 'BHD', 'EUR', 'THB'),
        (minor, currency) => {
          expect(parseMoney(formatMoney(minor, currency, { symbol: false }), currency)).toBe(minor)
        },
      ),
    )
  })
})

describe('roundHalfEven', () => {
  it('rounds ties to the even neighbour, both signs', () => {
    expect(roundHalfEven(5n, 2n)).toBe(2n)
    expect(roundHalfEven(7n, 2n)).toBe(4n)
    expect(roundHalfEven(-5n, 2n)).toBe(-2n)
    expect(roundHalfEven(-7n, 2n)).toBe(-4n)
    expect(roundHalfEven(26n, 10n)).toBe(3n)
    expect(roundHalfEven(24n, 10n)).toBe(2n)
  })

  it('is never more than half a unit away', () => {
    fc.assert(
      fc.property(fc.bigInt(-(10n ** 20n), 10n ** 20n), fc.bigInt(1n, 10n ** 9n), (n, d) => {
        const q = roundHalfEven(n, d)
        const diff = q * d - n
        expect(2n * (diff < 0n ? -diff : diff) <= d).toBe(true)
      }),
    )
  })
})
