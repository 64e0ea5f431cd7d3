import type { EventAnswer } from '../../channels/events'

/**
 * Why a follow-up or a refund the channel sent was refused: each event is checked against the
 * transaction it names, and one that does not fit it moves nothing. The channel gets
 * `{outcome: 'declined', reason}` with one of these codes (stable: the webhook keeps the
 * answer for the event id). docs/cards.md, "Events checked against what they refer to".
 */
export const EVENT_REFUSALS = [
  /** The card or the transaction named is not ours, not that card's, or not a purchase. */
  'unknownTransaction',
  /** The authorisation named was declined: nothing to clear, release or refund. */
  'transactionDeclined',
  /** Already cleared: a reversal or expiry comes too late; another clearing amount differs. */
  'alreadyCleared',
  /** Already reversed or expired (or its hold ran out): nothing left to clear. */
  'alreadyReleased',
  /** A clearing above what was authorised (the hold is all the card promised). */
  'clearingAboveAuthorised',
  /** A refund of a purchase that is not cleared (pending, reversed, expired). */
  'notCleared',
  /** A refund above what the purchase cleared less what was already refunded. */
  'refundAboveCleared',
] as const
export type EventRefusal = (typeof EVENT_REFUSALS)[number]

export const refused = (reason: EventRefusal): EventAnswer => ({ outcome: 'declined', reason })

/** What is left to refund of a purchase: its clearing less the refunds already accepted. */
export function refundable(purchase: {
  status: string
  clearedAmount: number
  refundedAmount: number
}): number {
  return purchase.status === 'success' ? purchase.clearedAmount - purchase.refundedAmount : 0
}
