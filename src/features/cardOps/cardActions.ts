import { cardSnapshot, type CardEvent, type CardStatus } from '../../machines/card'

/** The operations a card's toolbar and the palette offer (docs/cards.md, "Card operations"). */
export const CARD_OPS = [
  'topUp',
  'withdraw',
  'updateLimit',
  'freeze',
  'unfreeze',
  'cancel',
  'reveal',
] as const
export type CardOp = (typeof CARD_OPS)[number]

/** What the dialogs need of a card; the list row and the detail both have it. */
export interface CardSummary {
  id: number
  status: string
  currency: string
  pendingTransactions: number
  /** Masked number (first six, last four). */
  maskedNumber?: string
  limitPerTransaction?: number | null
  limitDaily?: number | null
  limitMonthly?: number | null
  limitLifetime?: number | null
}

/** The button of `cards-balance` each operation needs. */
export const OP_BUTTON: Record<CardOp, string> = {
  topUp: 'top-up',
  withdraw: 'withdraw',
  updateLimit: 'update-limit',
  freeze: 'freeze',
  unfreeze: 'freeze',
  cancel: 'cancel',
  reveal: 'reveal',
}

/**
 * The machine's event each operation asks for. Reason codes are not chosen yet when a button
 * is drawn: a placeholder stands for "with a reason", which the dialog then requires. The
 * reviewer check (maker ≠ checker) is the server's: the console does not know who asked.
 */
const EVENT: Record<Exclude<CardOp, 'reveal'>, CardEvent> = {
  topUp: { type: 'TOP_UP' },
  withdraw: { type: 'WITHDRAW' },
  updateLimit: { type: 'UPDATE_LIMIT' },
  freeze: { type: 'FREEZE', reasonCode: 'reason' },
  unfreeze: { type: 'UNFREEZE', reasonCode: 'reason' },
  cancel: { type: 'REQUEST_CANCEL', reasonCode: 'reason', by: 0 },
}

/** Whether the card machine allows `op` on the card now (`snapshot.can()`). */
export function cardAllows(card: Pick<CardSummary, 'status' | 'pendingTransactions'>, op: CardOp) {
  // A number exists once the channel created the card; revealing it changes nothing.
  if (op === 'reveal')
    return !['creating', 'pending', 'systemError', 'failed'].includes(card.status)
  return cardSnapshot(card.status as CardStatus, {
    pendingTransactions: card.pendingTransactions,
  }).can(EVENT[op])
}
