import type { CardStatus } from '../machines/card'

/**
 * An expired card (docs/cards.md, "Expired cards"): derived, not stored. A card is valid
 * through its expiry month (`YYYY-MM`, UTC) and expired from the first day after it — the
 * rule an authorisation is declined `expired` by. Expiry is not a state of the card machine:
 * the stored status stays what the channel and people made it, and only an issued card that
 * could otherwise be used (active or blocked) is shown as expired; a card being created,
 * failed, waiting for its cancellation review or cancelled shows that.
 */
export const SHOWN_EXPIRED: readonly CardStatus[] = ['active', 'blocked']

export type ShownCardStatus = CardStatus | 'expired'

/** Whether `at` is after the card's expiry month. */
export function pastExpiry(expiry: string, at: Date): boolean {
  return at.toISOString().slice(0, 7) > expiry
}

/** Whether a card in `status` with `expiry` shows as expired at `at`. */
export function isExpiredCard(status: CardStatus, expiry: string, at: Date): boolean {
  return SHOWN_EXPIRED.includes(status) && pastExpiry(expiry, at)
}

/** The status a card is shown with: its stored one, or `expired`. */
export function shownCardStatus(card: { status: CardStatus; expired: boolean }): ShownCardStatus {
  return card.expired ? 'expired' : card.status
}
