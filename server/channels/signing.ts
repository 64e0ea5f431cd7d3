import { createHmac, timingSafeEqual } from 'node:crypto'
import type { DataKey } from '../cards/cardData'

/**
 * Webhook signatures (DESIGN §8). The channel sends
 *   X-Channel-Timestamp: <unix seconds>
 *   X-Channel-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>">
 * under the channel's webhook secret. A timestamp outside the tolerance is a replay, whatever
 * the signature; the event id (unique per channel) stops a resent event from acting twice.
 */
export const TIMESTAMP_HEADER = 'X-Channel-Timestamp'
export const SIGNATURE_HEADER = 'X-Channel-Signature'
export const REPLAY_TOLERANCE_SECONDS = 300

/**
 * A channel's webhook secret: derived from the data key and the channel's code, so it is never
 * stored and changes when the data key is rotated. The sandbox issuer signs with the same.
 */
export function webhookSecret(dataKey: DataKey, channelCode: string): Buffer {
  return createHmac('sha256', dataKey).update(`channel-webhook:${channelCode}`).digest()
}

export function signWebhook(secret: Buffer, timestamp: number, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`
}

export type SignatureCheck = 'ok' | 'badSignature' | 'stale'

export function verifyWebhook(opts: {
  secret: Buffer
  timestamp: string | undefined
  signature: string | undefined
  rawBody: string
  nowSeconds: number
}): SignatureCheck {
  const ts = Number(opts.timestamp)
  if (!opts.timestamp || !/^[0-9]{1,12}$/.test(opts.timestamp) || !opts.signature) {
    return 'badSignature'
  }
  const expected = Buffer.from(signWebhook(opts.secret, ts, opts.rawBody))
  const given = Buffer.from(opts.signature)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'badSignature'
  if (Math.abs(opts.nowSeconds - ts) > REPLAY_TOLERANCE_SECONDS) return 'stale'
  return 'ok'
}
