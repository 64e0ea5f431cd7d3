import { describe, expect, it } from 'vitest'
import { cardSearchFilters } from './cardSearch'

describe('cardSearchFilters (the card picker)', () => {
  it('reads a masked number or four digits as the last four', () => {
    expect(cardSearchFilters('4859 32•• •••• 1234')).toEqual({ last4: '1234' })
    expect(cardSearchFilters('485932******1234')).toEqual({ last4: '1234' })
    expect(cardSearchFilters(' 1234 ')).toEqual({ last4: '1234' })
  })
  it('reads 6 to 8 digits as the BIN', () => {
    expect(cardSearchFilters('485932')).toEqual({ bin: '485932' })
    expect(cardSearchFilters('41234567')).toEqual({ bin: '41234567' })
  })
  it('reads anything else as part of the alias; nothing typed asks for the newest cards', () => {
    expect(cardSearchFilters('Travel')).toEqual({ alias: 'Travel' })
    expect(cardSearchFilters('12345')).toEqual({ alias: '12345' })
    expect(cardSearchFilters('   ')).toEqual({})
  })
})
