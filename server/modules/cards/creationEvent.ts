import { and, eq } from 'drizzle-orm'
import type { EventHandler } from '../../channels/handlers'
import { cards } from '../../db/schema'
import { applyCreationOutcome } from './creationOutcome'

/**
 * `card.creation`: the channel's asynchronous answer to `createCard`. The card is the one the
 * platform named in `clientRef`, on this channel. Acting twice is impossible: the card machine
 * takes a result once (a resent copy finds the card already past it and is `ignored`), and the
 * hold is posted or voided under a fixed request id.
 */
export const handleCardCreation: EventHandler<'card.creation'> = async (deps, channel, event) => {
  const id = Number(event.data.clientRef)
  if (!Number.isSafeInteger(id) || id <= 0) return { outcome: 'ignored' }
  const [card] = await deps.db
    .select({ id: cards.id })
    .from(cards)
    .where(and(eq(cards.id, id), eq(cards.channelId, channel.id)))
  if (!card) return { outcome: 'ignored' }
  const acted = await applyCreationOutcome(deps, card.id, {
    result: event.data.result,
    cardRef: event.data.cardRef,
    number: event.data.number,
    securityCode: event.data.securityCode,
    expiry: event.data.expiry,
    note: event.data.message,
  })
  return { outcome: acted ? 'accepted' : 'ignored' }
}
