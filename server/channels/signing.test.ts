import { describe, expect, it } from 'vitest'
import { TEST_DATA_KEY } from '../cards/dataKey'
import { signWebhook, verifyWebhook, webhookSecret } from './signing'

const secret = webhookSecret(TEST_DATA_KEY, 'sandbox')
const body = '{"id":"e1","type":"authorization"}'
const now = 1_800_000_000

describe('webhook signatures', () => {
  const signature = signWebhook(secret, now, body)
  const check = (over: Partial<Parameters<typeof verifyWebhook>[0]>) =>
    verifyWebhook({
      secret,
      timestamp: String(now),
      signature,
      rawBody: body,
      nowSeconds: now,
      ...over,
    })

  it('accepts the signature of the body and timestamp', () => {
    expect(check({})).toBe('ok')
    expect(check({ nowSeconds: now + 300 })).toBe('ok')
  })

  it('refuses a changed body, timestamp, secret or a missing header', () => {
    expect(check({ rawBody: body.replace('e1', 'e2') })).toBe('badSignature')
    expect(check({ timestamp: String(now + 1) })).toBe('badSignature')
    expect(check({ secret: webhookSecret(TEST_DATA_KEY, 'other') })).toBe('badSignature')
    expect(check({ signature: undefined })).toBe('badSignature')
    expect(check({ timestamp: undefined })).toBe('badSignature')
    expect(check({ timestamp: 'abc' })).toBe('badSignature')
    expect(check({ signature: 'sha256=00' })).toBe('badSignature')
  })

  it('calls a correctly signed but old request a replay', () => {
    expect(check({ nowSeconds: now + 301 })).toBe('stale')
    expect(check({ nowSeconds: now - 301 })).toBe('stale')
  })

  it('gives each channel its own secret', () => {
    expect(webhookSecret(TEST_DATA_KEY, 'a').equals(webhookSecret(TEST_DATA_KEY, 'b'))).toBe(false)
  })
})
