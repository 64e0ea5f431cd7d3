import type { IssuerOperation } from '../../src/lib/channelOperations'

/**
 * The issuer-channel interface (DESIGN §8): what the platform asks of a channel. Each call
 * either succeeds or throws `ChannelError`; results that take time (a card's creation) arrive
 * later as signed events on the webhook (`events.ts`), the way a real channel's do.
 */
export interface CardLimits {
  perTransaction: number | null
  daily: number | null
  monthly: number | null
  lifetime: number | null
}

export interface CreateCardRequest {
  /** The platform's card id, echoed back in the `card.creation` event. */
  clientRef: string
  bin: string
  currency: string
  /** YYYY-MM */
  expiry: string
  cardholder: { firstName: string; lastName: string; country: string }
  /** Minor units the card starts with once created (the platform posts the same to the ledger). */
  initialAmount?: number
}

/**
 * Every operation on an existing card carries an idempotency key, as Stripe's
 * `Idempotency-Key` header or Marqeta's request token: the channel carries out a key once, and
 * the same key sent again (a retry after a lost answer, a copy at the same moment) answers the
 * first result without acting again. The platform derives the key from what it is doing — a
 * top-up's client requestId, a review's claim attempt — so its own retries reuse it
 * (docs/cards.md, "Order of ledger and channel").
 */
export interface IssuerChannel {
  readonly code: string
  /**
   * Accepts the request; the result comes as a `card.creation` event. Returns the card's ref.
   * Idempotent by `clientRef` (the platform's card id).
   */
  createCard(req: CreateCardRequest): Promise<{ cardRef: string }>
  topUp(cardRef: string, amount: number, currency: string, idempotencyKey: string): Promise<void>
  withdraw(cardRef: string, amount: number, currency: string, idempotencyKey: string): Promise<void>
  freeze(cardRef: string, idempotencyKey: string): Promise<void>
  unfreeze(cardRef: string, idempotencyKey: string): Promise<void>
  cancel(cardRef: string, idempotencyKey: string): Promise<void>
  updateLimits(cardRef: string, limits: CardLimits, idempotencyKey: string): Promise<void>
}

// ISSUER_OPERATIONS names every operation above and nothing else (checked by the compiler).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never
const _operationsNamedOnce: Same<IssuerOperation, Exclude<keyof IssuerChannel, 'code'>> = true
void _operationsNamedOnce

/** A channel call that failed; `kind` says whether trying again may help. */
export class ChannelError extends Error {
  constructor(
    readonly kind: 'refused' | 'unavailable',
    message: string,
  ) {
    super(message)
  }
}
