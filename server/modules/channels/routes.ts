import { z } from '@hono/zod-openapi'
import { PUBLIC } from '../../auth/permissions'
import { EventAnswer } from '../../channels/events'
import { SIGNATURE_HEADER, TIMESTAMP_HEADER } from '../../channels/signing'
import { action } from '../../http/action'
import type { AdminApp } from '../../http/context'
import { BizError, CommonRules } from '../../http/errors'
import { ok } from '../../http/respond'
import { ChannelWebhookRules } from './rules'
import { receiveChannelEvent } from './webhook'

/** The webhook rules by name, for the devops dashboard's webhook failures. */
const REASONS = new Map<number, string>([
  ...Object.entries(ChannelWebhookRules).map(([name, r]) => [r.code, name] as [number, string]),
  [CommonRules.invalidInput.code, 'invalidInput'],
])

/** Why a delivery was refused: the rule's name, or `error` for a failure of our own. */
function refusalReason(e: unknown): string {
  return (e instanceof BizError && REASONS.get(e.rule.code)) || 'error'
}

/**
 * The one route every issuing channel delivers its events to (DESIGN §8). No session: the
 * HMAC signature over the raw body (headers X-Channel-Timestamp, X-Channel-Signature) is the
 * caller's proof; see `server/channels/signing.ts` and the event shapes in `events.ts`.
 */
export function registerChannels(app: AdminApp) {
  app.openapi(
    {
      ...action({
        path: '/channels/webhook/{channelCode}',
        tag: 'channels',
        summary: 'Receive a signed event from an issuing channel',
        permission: PUBLIC,
        data: EventAnswer,
        rawBody: true,
        rules: [
          ChannelWebhookRules.unknownChannel,
          ChannelWebhookRules.badSignature,
          ChannelWebhookRules.replay,
          ChannelWebhookRules.unsupportedEvent,
          CommonRules.invalidInput,
        ],
      }),
      request: {
        params: z.object({ channelCode: z.string().min(1).max(50) }),
        headers: z.object({
          [TIMESTAMP_HEADER.toLowerCase()]: z.string().optional(),
          [SIGNATURE_HEADER.toLowerCase()]: z.string().optional(),
        }),
      },
    },
    async (c) => {
      const channelCode = c.req.param('channelCode') ?? ''
      const telemetry = c.var.deps.telemetry
      try {
        const answer = await receiveChannelEvent(
          c.var.deps,
          {
            channelCode,
            timestamp: c.req.header(TIMESTAMP_HEADER),
            signature: c.req.header(SIGNATURE_HEADER),
            rawBody: await c.req.text(),
          },
          c.var.t('validation:format'),
        )
        telemetry.webhook({ channel: channelCode, outcome: 'accepted', reason: '' })
        return ok(c, answer)
      } catch (e) {
        const reason = refusalReason(e)
        // A code that names no channel is not kept as written: made-up codes would each add rows.
        const channel = reason === 'unknownChannel' ? '?' : channelCode
        telemetry.webhook({ channel, outcome: 'refused', reason })
        throw e
      }
    },
  )
}
