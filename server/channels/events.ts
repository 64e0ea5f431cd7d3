import { z } from '@hono/zod-openapi'
import { MAX_AMOUNT } from '../ledger/postings'

/**
 * What an issuing channel tells the platform, through the one signed webhook route
 * (`POST /admin/channels/webhook/{channelCode}`). Every event has an id unique within its
 * channel: a resent event is answered with the first answer and acts once. Amounts are integers
 * in minor units. Card numbers travel only in `card.created` and are never stored or logged in
 * clear.
 */
const base = {
  /** Unique per channel; the idempotency key of the event. */
  id: z.string().min(1).max(100),
  occurredAt: z.iso.datetime({ offset: true }),
}
/**
 * An amount in minor units, at most 10^15 (MAX_AMOUNT, the ledger's bound for every amount it
 * takes): the ledger's bigint columns and JavaScript numbers hold every balance built of such
 * amounts exactly (2^53 ≈ 9 × 10^15), so none is rounded. A larger one makes the event
 * malformed (400, field error), and nothing acts on it.
 */
const minor = z.number().int().positive().max(MAX_AMOUNT)
const currency = z.string().regex(/^[A-Z]{3}$/)
/** The channel's reference for a card (returned by `createCard`). */
const cardRef = z.string().min(1).max(100)
/** The channel's reference for a card transaction (the authorisation's, for its follow-ups). */
const txnRef = z.string().min(1).max(100)

/** The asynchronous result of `createCard` (spec §4: success / failed / pending / system error). */
export const CardCreationEvent = z.object({
  ...base,
  type: z.literal('card.creation'),
  data: z.object({
    /** The platform's card id the channel was given as `clientRef`. */
    clientRef: z.string().min(1).max(100),
    cardRef,
    result: z.enum(['success', 'failed', 'pending', 'systemError']),
    number: z
      .string()
      .regex(/^[0-9]{12,19}$/)
      .optional(),
    securityCode: z
      .string()
      .regex(/^[0-9]{3,4}$/)
      .optional(),
    /** YYYY-MM */
    expiry: z
      .string()
      .regex(/^[0-9]{4}-(0[1-9]|1[0-2])$/)
      .optional(),
    message: z.string().max(500).optional(),
  }),
})

/** A merchant asks to be paid: the answer to this event is the decision. */
export const AuthorizationEvent = z.object({
  ...base,
  type: z.literal('authorization'),
  data: z.object({
    cardRef,
    txnRef,
    /** What the merchant presented. */
    merchantAmount: minor,
    merchantCurrency: currency,
    /** In the card's currency (equal to the above when the currencies match). */
    cardAmount: minor,
    cardCurrency: currency,
    /** Card currency per merchant currency unit, as a decimal string. */
    exchangeRate: z.string().regex(/^[0-9]+(\.[0-9]+)?$/),
    merchantName: z.string().min(1).max(200),
    /** ISO 3166-1 alpha-2 country of the merchant. */
    region: z.string().regex(/^[A-Z]{2}$/),
    description: z.string().max(500).default(''),
  }),
})

/** Follow-ups of an authorisation, naming it by its txnRef. */
export const ClearingEvent = z.object({
  ...base,
  type: z.literal('clearing'),
  data: z.object({ cardRef, txnRef, cardAmount: minor }),
})
export const ReversalEvent = z.object({
  ...base,
  type: z.literal('reversal'),
  data: z.object({ cardRef, txnRef }),
})
export const ExpiryEvent = z.object({
  ...base,
  type: z.literal('expiry'),
  data: z.object({ cardRef, txnRef }),
})
/** Money back to the card for an earlier purchase (its own txnRef; `originalTxnRef` names it). */
export const RefundEvent = z.object({
  ...base,
  type: z.literal('refund'),
  data: z.object({
    cardRef,
    txnRef,
    originalTxnRef: txnRef.optional(),
    merchantAmount: minor,
    merchantCurrency: currency,
    cardAmount: minor,
    cardCurrency: currency,
    exchangeRate: z.string().regex(/^[0-9]+(\.[0-9]+)?$/),
    merchantName: z.string().min(1).max(200),
    region: z.string().regex(/^[A-Z]{2}$/),
    description: z.string().max(500).default(''),
  }),
})

export const ChannelEvent = z.discriminatedUnion('type', [
  CardCreationEvent,
  AuthorizationEvent,
  ClearingEvent,
  ReversalEvent,
  ExpiryEvent,
  RefundEvent,
])
export type ChannelEvent = z.infer<typeof ChannelEvent>
export type ChannelEventType = ChannelEvent['type']
export type ChannelEventOf<T extends ChannelEventType> = Extract<ChannelEvent, { type: T }>

/** What the platform answers an event with (kept, and given again for a resent event). */
export const EventAnswer = z.object({
  /** accepted: acted on; approved / declined: an authorisation's decision; ignored: nothing to do. */
  outcome: z.enum(['accepted', 'approved', 'declined', 'ignored']),
  /**
   * For a declined authorisation: a code of the `decline_reason` dictionary (insufficientFunds,
   * cardBlocked, …). For a refused follow-up or refund: a code of EVENT_REFUSALS
   * (server/modules/card-transactions/eventRefusals.ts: unknownTransaction, refundAboveCleared, …).
   */
  reason: z.string().optional(),
  /** The authorisation code given to an approved authorisation. */
  authCode: z.string().optional(),
})
export type EventAnswer = z.infer<typeof EventAnswer>
