import type { MessageKey } from '../../i18n/keys'
import { cardSnapshot, type CardEvent } from '../../machines/card'
import type { cards } from '../../resources/cards'
import type { RowOf } from '../../resources/kit'

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
  button: string
  run: (card: Card) => void | Promise<unknown>
}

/** The card operations, in toolbar order. The operations screens register theirs here. */
export const cardOperations: CardOperation[] = []

/** Whether the card machine allows `op` on `card` (what enables its button). */
export function operationAllowed(op: CardOperation, card: Card): boolean {
  return cardSnapshot(card.status, { pendingTransactions: card.pendingTransactions }).can(
    op.event(card),
  )
}

/**
 * Why `op` is not offered on `card`: `'pending'` when the card's pending transactions are all
 * that stand in the way (spec §4: "Cannot cancel card with pending transactions" — the same
 * card without them would be allowed), `'status'` for anything else, undefined when allowed.
 */
export function operationRefusal(op: CardOperation, card: Card): 'pending' | 'status' | undefined {
  if (operationAllowed(op, card)) return undefined
  return card.pendingTransactions > 0 && operationAllowed(op, { ...card, pendingTransactions: 0 })
    ? 'pending'
    : 'status'
}
