import type { Deps } from '../deps'
import type { Tx } from '../ledger/store'
import type { channels } from '../db/schema'
import type { ChannelEventOf, ChannelEventType, EventAnswer } from './events'

export type ChannelRow = typeof channels.$inferSelect

/**
 * Acts on one verified event of a channel and returns the answer the channel gets. A handler
 * must be idempotent on its own (ledger request ids, unique references): the webhook's event
 * log answers a resent event, but two copies arriving at once may both reach the handler.
 */
export type EventHandler<T extends ChannelEventType> = (
  deps: Deps,
  channel: ChannelRow,
  event: ChannelEventOf<T>,
  log?: EventLog,
) => Promise<EventAnswer>

/**
 * The webhook's event log, offered to a handler that wants the answer logged in its own
 * transaction (one commit per event instead of two: the authorisation's hot path). `keep`
 * inserts the answer (nothing when a copy was logged first) and sets `kept`; a handler whose
 * transaction then rolls back must set `kept` back to false. When `kept` is false after the
 * handler, the webhook logs the answer itself, as for every other handler.
 */
export interface EventLog {
  kept: boolean
  keep(tx: Tx, answer: EventAnswer): Promise<void>
}

/**
 * The handler of each event type; a type without one is refused (3034). Filled by the modules
 * that act on the events (`subscribe`, called when they mount their routes): the channel layer
 * imports no module (DESIGN §3).
 */
export const eventHandlers: { [T in ChannelEventType]?: EventHandler<T> } = {}

/** A module takes the events of one type (one handler per type: a later one replaces it). */
export function subscribe<T extends ChannelEventType>(type: T, handler: EventHandler<T>): void {
  ;(eventHandlers as Record<ChannelEventType, EventHandler<T> | undefined>)[type] = handler
}
