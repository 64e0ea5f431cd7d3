import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

/**
 * Card data protection (PCI DSS req. 3, DESIGN §8): a card number or security code is stored
 * only as AES-256-GCM ciphertext under the process's data key, and shown masked (first six,
 * last four) unless a permitted user reveals it. Nothing here logs; callers must not either.
 */

/** A 32-byte key; `dataKeyFrom` makes one from DATA_KEY (64 hex characters). */
export type DataKey = Buffer

export function dataKeyFrom(hex: string): DataKey {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new Error('the data key must be 64 hex characters')
  return Buffer.from(hex, 'hex')
}

const b64 = (b: Buffer) => b.toString('base64url')

/** `iv.tag.ciphertext`, each base64url; a fresh 12-byte IV per value. */
export function encryptField(key: DataKey, plain: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return `${b64(iv)}.${b64(cipher.getAuthTag())}.${b64(ct)}`
}

/** The plain value; throws if the value was altered or made under another key. */
export function decryptField(key: DataKey, stored: string): string {
  const [iv, tag, ct] = stored.split('.').map((p) => Buffer.from(p, 'base64url'))
  if (!iv || !tag || !ct) throw new Error('malformed encrypted field')
  const decipher = createDecipheriv('aes-256-gcm', key, iv)
  decipher.setAuthTag(tag)
  return Buffer.concat([decipher.update(ct), decipher.final()]).toString('utf8')
}

/** `411111******1111`: the first six and last four digits, the rest starred. */
export function maskNumber(first6: string, last4: string, length = 16): string {
  if (!first6) return ''
  return `${first6}${'*'.repeat(Math.max(0, length - first6.length - last4.length))}${last4}`
}

/** Luhn check digit of a digit string (the digits before the check digit). */
export function luhnCheckDigit(body: string): number {
  let sum = 0
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i])
    if (i % 2 === 0) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return (10 - (sum % 10)) % 10
}

/** Whether a card number passes the Luhn checksum (spec §5). */
export function luhnValid(number: string): boolean {
  if (!/^[0-9]{12,19}$/.test(number)) return false
  return luhnCheckDigit(number.slice(0, -1)) === Number(number.at(-1))
}
