import { createHash, randomBytes, randomInt } from 'node:crypto'

/** Opaque random token (256 bits, base64url); only its SHA-256 is ever stored. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: hashToken(token) }
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** A six-digit code for e-mailed verification. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}
