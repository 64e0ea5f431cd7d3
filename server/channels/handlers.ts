import type { Deps } from '../deps'
import type { channels } from '../db/schema'
import type { ChannelEventOf, ChannelEventType, EventAnswer } from './events'
import { handleCardCreation } from '../modules/cards/creationEvent'

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
) => Promise<EventAnswer>

/** The handler of each event type; a type without one is refused (3034). */
export const eventHandlers: { [T in ChannelEventType]?: EventHandler<T> } = {
  'card.creation': handleCardCreation,
}
