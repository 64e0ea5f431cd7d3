import type { MessageKey } from '../../i18n/keys'
import type { CardEvent } from '../../machines/card'
import type { cards } from '../../resources/cards'
import type { RowOf } from '../../resources/kit'
import { CARD_OP_BUTTONS } from '../../lib/cardOpButtons'
import type { ButtonCode } from '../../resources/registry'

export type Card = RowOf<typeof cards>

/** The shape of the card screens' operations (features/cards/operations.ts), composed in src/routes. */
export interface CardOpOperation {
  id: string
  label: MessageKey
  event: (card: Card) => CardEvent
  button: ButtonCode
  run: (card: Card) => void | Promise<unknown>
}

/** The operations of cards-ops on a card, in toolbar order (docs/cards.md, "Card operations"): the
 * order of their buttons in the screen registry (CARD_OP_BUTTONS). */
export const CARD_OPS = Object.keys(CARD_OP_BUTTONS) as (keyof typeof CARD_OP_BUTTONS)[]
export type CardOp = keyof typeof CARD_OP_BUTTONS

/**
 * The card machine's event each operation asks for, which enables its button
 * (`snapshot.can()`). The reason code is not chosen yet when a button is drawn: a placeholder
 * stands for "with a reason", which the dialog then requires. The reviewer check (maker ≠
 * checker) is the server's: the console does not know who asked. Revealing changes no state:
 * its event is the count update every state takes; the server refuses a card without a number.
 */
const EVENT: Record<CardOp, (card: Card) => CardEvent> = {
  topUp: () => ({ type: 'TOP_UP' }),
  withdraw: () => ({ type: 'WITHDRAW' }),
  updateLimit: () => ({ type: 'UPDATE_LIMIT' }),
  freeze: () => ({ type: 'FREEZE', reasonCode: 'reason' }),
  unfreeze: () => ({ type: 'UNFREEZE', reasonCode: 'reason' }),
  cancel: () => ({ type: 'REQUEST_CANCEL', reasonCode: 'reason', by: 0 }),
  reveal: (card) => ({ type: 'PENDING_TRANSACTIONS', count: card.pendingTransactions }),
}

/** The operations as the card list and detail take them (`cardOperations`). */
export function cardOpOperations(open: (card: Card, op: CardOp) => void): CardOpOperation[] {
  return CARD_OPS.map((op) => ({
    id: `card-${op}`,
    label: `cardOps:${op}` as MessageKey,
    event: EVENT[op],
    button: CARD_OP_BUTTONS[op],
    run: (card) => open(card, op),
  }))
}
