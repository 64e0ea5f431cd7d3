import { describe, expect, it } from 'vitest'
import {
  dataKeyFrom,
  decryptField,
  encryptField,
  luhnCheckDigit,
  luhnValid,
  maskNumber,
} from './cardData'

const key = dataKeyFrom('00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff')
const otherKey = dataKeyFrom('ffeeddccbbaa99887766554433221100ffeeddccbbaa99887766554433221100')

describe('card data', () => {
  it('round-trips a number and never stores it in clear', () => {
    const stored = encryptField(key, '4111111111111111')
    expect(stored).not.toContain('4111111111111111')
    expect(stored).not.toContain('1111')
    expect(decryptField(key, stored)).toBe('4111111111111111')
  })

  it('uses a fresh IV: the same number encrypts differently each time', () => {
    expect(encryptField(key, '4111111111111111')).not.toBe(encryptField(key, '4111111111111111'))
  })

  it('refuses a value altered or made under another key', () => {
    const stored = encryptField(key, '123')
    expect(() => decryptField(otherKey, stored)).toThrow()
    const [iv, tag, ct] = stored.split('.')
    const flipped = Buffer.from(ct, 'base64url')
    flipped[0] ^= 1
    expect(() => decryptField(key, `${iv}.${tag}.${flipped.toString('base64url')}`)).toThrow()
    expect(() => decryptField(key, 'garbage')).toThrow()
  })

  it('refuses a data key that is not 32 bytes of hex', () => {
    expect(() => dataKeyFrom('abc')).toThrow()
  })

  it('masks all but the first six and last four digits', () => {
    expect(maskNumber('411111', '1111')).toBe('411111******1111')
    expect(maskNumber('41111122', '1111', 19)).toBe('41111122*******1111')
    expect(maskNumber('', '')).toBe('')
  })

  it('computes and checks the Luhn digit', () => {
    expect(luhnValid('4111111111111111')).toBe(true)
    expect(luhnValid('4111111111111112')).toBe(false)
    expect(luhnValid('79927398713')).toBe(false) // too short for a card
    expect(luhnCheckDigit('7992739871')).toBe(3)
    expect(luhnValid('abc')).toBe(false)
  })
})
