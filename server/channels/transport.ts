import type { Deps } from '../deps'
import { signWebhook, SIGNATURE_HEADER, TIMESTAMP_HEADER, webhookSecret } from './signing'

/**
 * How a channel's events reach the platform's webhook: over HTTP in a running process (the way
 * a real channel's do), through the app's own `request()` in tests. Never a direct call into a
 * handler: the signature, replay and duplicate checks always run.
 */
export type ChannelTransport = (
  path: string,
  init: { body: string; headers: Record<string, string> },
) => Promise<{ status: number; body: string }>

/** POSTs to this process's own listener; `origin()` is read at each call (known after listen). */
export function httpTransport(origin: () => string): ChannelTransport {
  return async (path, init) => {
    const res = await fetch(`${origin()}${path}`, { method: 'POST', ...init })
    return { status: res.status, body: await res.text() }
  }
}

export interface Delivery {
  status: number
  /** The envelope the webhook answered with. */
  body: { code: number; msg: string; data: unknown }
}

/** Signs an event as channel `channelCode` would and delivers it to the webhook. */
export async function deliverChannelEvent(
  deps: Pick<Deps, 'dataKey' | 'clock' | 'channelTransport'>,
  channelCode: string,
  event: unknown,
): Promise<Delivery> {
  const body = JSON.stringify(event)
  const at = Math.floor(deps.clock.now().getTime() / 1000)
  const res = await deps.channelTransport(`/admin/channels/webhook/${channelCode}`, {
    body,
    headers: {
      'Content-Type': 'application/json',
      [TIMESTAMP_HEADER]: String(at),
      [SIGNATURE_HEADER]: signWebhook(webhookSecret(deps.dataKey, channelCode), at, body),
    },
  })
  return { status: res.status, body: JSON.parse(res.body) }
}
