import { and, eq, sql } from 'drizzle-orm'
import { preparedInTx, preparedPerDb } from '../../db/client'
import type { Deps } from '../../deps'
import { channelEvents, channels } from '../../db/schema'
import { BizError, CommonRules } from '../../http/errors'
import { ChannelEvent, EventAnswer } from '../../channels/events'
import { eventHandlers, type EventHandler, type EventLog } from '../../channels/handlers'
import { verifyWebhook, webhookSecret } from '../../channels/signing'
import { ChannelWebhookRules } from './rules'

export interface WebhookRequest {
  channelCode: string
  timestamp: string | undefined
  signature: string | undefined
  rawBody: string
}

/**
 * One delivery of a channel event: the channel must exist and be active, the signature must
 * hold over the exact bytes and be recent, then the event is answered once — a resent event
 * gets its first answer back and nothing acts again.
 */
export async function receiveChannelEvent(
  deps: Deps,
  req: WebhookRequest,
  /** The localised message for a malformed field. */
  formatMessage: string,
): Promise<EventAnswer> {
  const body = parseJson(req.rawBody)
  // The channel and the event's first answer in one round trip. The body is not trusted yet:
  // its id only names which log row to bring along; nothing is judged before the signature.
  const [found] = await channelWithAnswer(deps.db).execute({
    code: req.channelCode,
    eventId: claimedEventId(body),
  })
  if (!found) throw new BizError(ChannelWebhookRules.unknownChannel)
  const { channel } = found

  const check = verifyWebhook({
    secret: webhookSecret(deps.dataKey, channel.code),
    timestamp: req.timestamp,
    signature: req.signature,
    rawBody: req.rawBody,
    nowSeconds: Math.floor(deps.clock.now().getTime() / 1000),
  })
  if (check === 'badSignature') throw new BizError(ChannelWebhookRules.badSignature)
  if (check === 'stale') throw new BizError(ChannelWebhookRules.replay)

  const parsed = ChannelEvent.safeParse(body)
  if (!parsed.success) {
    throw new BizError(
      CommonRules.invalidInput,
      {},
      {
        fieldErrors: parsed.error.issues.map((i) => ({
          field: i.path.join('.'),
          message: formatMessage,
        })),
      },
    )
  }
  const event = parsed.data

  // A valid event's id is the one looked up above (the same parsed body).
  if (found.answer !== null) return EventAnswer.parse(found.answer)

  const handler = eventHandlers[event.type] as EventHandler<typeof event.type> | undefined
  if (!handler) throw new BizError(ChannelWebhookRules.unsupportedEvent, { type: event.type })
  const log: EventLog = {
    kept: false,
    async keep(tx, answer) {
      const [row] = await logInTx(tx).execute({
        channelId: channel.id,
        eventId: event.id,
        type: event.type,
        answer,
      })
      log.kept = !!row
    },
  }
  const answer = await handler(deps, channel, event, log)
  // Logged with the handler's own commit.
  if (log.kept) return answer

  const [kept] = await deps.db
    .insert(channelEvents)
    .values({ channelId: channel.id, eventId: event.id, type: event.type, answer })
    .onConflictDoNothing()
    .returning({ id: channelEvents.id })
  // A copy delivered at the same moment was logged first: both answers are the same outcome
  // (the handler is idempotent); give the logged one.
  return kept ? answer : ((await answerGiven(deps, channel.id, event.id)) ?? answer)
}

/**
 * An active channel by its code, with the answer already given to the event id (null when the
 * event is new, or the body named no id). Run on every delivery: prepared once per database.
 */
const channelWithAnswer = preparedPerDb((db) =>
  db
    .select({ channel: channels, answer: channelEvents.answer })
    .from(channels)
    .leftJoin(
      channelEvents,
      and(
        eq(channelEvents.channelId, channels.id),
        eq(channelEvents.eventId, sql.placeholder('eventId')),
      ),
    )
    .where(and(eq(channels.code, sql.placeholder('code')), eq(channels.active, true)))
    .prepare('webhook_channel_with_answer'),
)

/** The answer logged in the handler's own transaction (every authorisation): prepared. */
const logInTx = preparedInTx((tx) =>
  tx
    .insert(channelEvents)
    .values({
      channelId: sql.placeholder('channelId'),
      eventId: sql.placeholder('eventId'),
      type: sql.placeholder('type'),
      answer: sql.placeholder('answer'),
    })
    .onConflictDoNothing()
    .returning({ id: channelEvents.id })
    .prepare('webhook_log_answer'),
)

/** The id the body claims for its event, if it has one of the right shape. */
function claimedEventId(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null
  const id = (body as { id?: unknown }).id
  return typeof id === 'string' ? id : null
}

async function answerGiven(deps: Deps, channelId: number, eventId: string) {
  const [row] = await deps.db
    .select({ answer: channelEvents.answer })
    .from(channelEvents)
    .where(and(eq(channelEvents.channelId, channelId), eq(channelEvents.eventId, eventId)))
  return row ? EventAnswer.parse(row.answer) : null
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw)
  } catch {
    return undefined
  }
}
