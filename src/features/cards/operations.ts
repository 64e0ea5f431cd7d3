import type { MessageKey } from '../../i18n/keys'
import { cardSnapshot, type CardEvent } from '../../machines/card'
import type { cards } from '../../resources/cards'
import type { RowOf } from '../../resources/kit'
import type { ButtonCode } from '../../resources/registry'

export type Card = RowOf<typeof cards>

/**
 * An operation on one card (top up, withdraw, freeze, cancel…), declared once: the card list's
 * toolbar and palette and the card detail's action bar are built from `cardOperations`. Each is
 * offered on a card only when the card machine takes its event there
 * (`cardSnapshot(status, context).can(event)`); the server refuses the rest anyway.
 */
export interface CardOperation {
  id: string
  label: MessageKey
  /** The machine event this operation sends for the card. */
  event: (card: Card) => CardEvent
  /** `cards-balance:<action>`: the button the user must hold. */
  button: ButtonCode
  run: (card: Card) => void | Promise<unknown>
}

/** The card operations, in toolbar order. The operations screens register theirs here. */
export const cardOperations: CardOperation[] = []

/**
 * Whether the card machine allows `op` on `card` (what enables its button). `expired` is the
 * row's, computed with the server's clock: the same fact the server refuses by (3066).
 */
export function operationAllowed(op: CardOperation, card: Card): boolean {
  return cardSnapshot(card.status, {
    pendingTransactions: card.pendingTransactions,
    expired: card.expired,
  }).can(op.event(card))
}

export type OperationRefusal = 'expired' | 'pending' | 'status'

/**
 * Why `op` is not offered on `card`: `'expired'` when the card being past its expiry month is
 * what stands in the way (only withdraw and cancel are left to it), `'pending'` when the
 * card's pending transactions are all that do (spec §4: "Cannot cancel card with pending
 * transactions" — the same card without them would be allowed), `'status'` for anything
 * else, undefined when allowed. The server names them in the same order.
 */
export function operationRefusal(op: CardOperation, card: Card): OperationRefusal | undefined {
  if (operationAllowed(op, card)) return undefined
  if (card.expired && operationAllowed(op, { ...card, expired: false })) return 'expired'
  return card.pendingTransactions > 0 && operationAllowed(op, { ...card, pendingTransactions: 0 })
    ? 'pending'
    : 'status'
}
