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

export interface IssuerChannel {
  readonly code: string
  /** Accepts the request; the result comes as a `card.creation` event. Returns the card's ref. */
  createCard(req: CreateCardRequest): Promise<{ cardRef: string }>
  topUp(cardRef: string, amount: number, currency: string): Promise<void>
  withdraw(cardRef: string, amount: number, currency: string): Promise<void>
  freeze(cardRef: string): Promise<void>
  unfreeze(cardRef: string): Promise<void>
  cancel(cardRef: string): Promise<void>
  updateLimits(cardRef: string, limits: CardLimits): Promise<void>
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
