import { eq } from 'drizzle-orm'
import {
  CARD_STATUSES,
  nextCardStatus,
  type CardEvent,
  type CardStatus,
} from '../../../src/machines/card'
import { encryptField, luhnValid } from '../../cards/cardData'
import { cards, ledgerHolds } from '../../db/schema'
import type { Deps } from '../../deps'
import { resolveHold } from '../../ledger/holdService'
import { recordStatus } from './history'

export type CreationResult = 'success' | 'failed' | 'pending' | 'systemError'

const machineEvent: Record<CreationResult, CardEvent['type']> = {
  success: 'CHANNEL_CREATED',
  failed: 'CHANNEL_FAILED',
  pending: 'CHANNEL_PENDING',
  systemError: 'CHANNEL_SYSTEM_ERROR',
}

export interface CreationOutcome {
  result: CreationResult
  cardRef?: string
  number?: string
  securityCode?: string
  /** YYYY-MM */
  expiry?: string
  note?: string
}

/**
 * What a creation result does to the card, in one transaction with the card row locked:
 * - success: the number and security code stored encrypted (first six and last four apart),
 *   the channel's expiry, status active, and the initial top-up hold posted (merchant balance →
 *   card account);
 * - failed: status failed, the hold voided (the money is available to the merchant again);
 * - pending / systemError: the status only. The hold stays: the channel may still create the
 *   card (the machine takes a late success or failure from both), and if it never does the
 *   hold-expiry job releases the money after `INITIAL_HOLD_SECONDS`.
 * Every change writes a `card_status_history` row with no actor (the channel). A result the
 * machine does not take (a resent event, a card already past it) changes nothing: `false`.
 */
export async function applyCreationOutcome(
  deps: Pick<Deps, 'db' | 'clock' | 'dataKey'>,
  cardId: number,
  outcome: CreationOutcome,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [card] = await tx.select().from(cards).where(eq(cards.id, cardId)).for('update')
    if (!card || !(CARD_STATUSES as readonly string[]).includes(card.status)) return false
    const from = card.status as CardStatus
    const next = nextCardStatus(from, { type: machineEvent[outcome.result] } as CardEvent, {
      pendingTransactions: card.pendingTransactions,
    })
    if (!next) return false
    const now = deps.clock.now()
    const ctx = { db: tx, clock: deps.clock }
    const values: Partial<typeof cards.$inferInsert> = { status: next.status, updatedAt: now }
    if (outcome.cardRef) values.channelCardRef = outcome.cardRef
    let note = outcome.note ?? ''

    if (outcome.result === 'success') {
      const number = outcome.number ?? ''
      if (!luhnValid(number) || !outcome.securityCode) return false
      values.first6 = number.slice(0, 6)
      values.last4 = number.slice(-4)
      values.numberEnc = encryptField(deps.dataKey, number)
      values.securityCodeEnc = encryptField(deps.dataKey, outcome.securityCode)
      if (outcome.expiry) values.expiry = outcome.expiry
      if (card.initialHoldId) {
        const [hold] = await tx
          .select({ status: ledgerHolds.status })
          .from(ledgerHolds)
          .where(eq(ledgerHolds.id, card.initialHoldId))
        if (hold?.status === 'pending') {
          await resolveHold(ctx, {
            holdId: card.initialHoldId,
            requestId: `card-initial-post:${card.id}`,
            action: 'post',
            kind: 'card_initial_topup',
          })
        } else {
          // The channel answered after the hold ran out: the card starts empty.
          note = note || 'initial top-up hold expired before the card was created'
        }
      }
    }
    if (outcome.result === 'failed' && card.initialHoldId) {
      const [hold] = await tx
        .select({ status: ledgerHolds.status })
        .from(ledgerHolds)
        .where(eq(ledgerHolds.id, card.initialHoldId))
      if (hold?.status === 'pending') {
        await resolveHold(ctx, {
          holdId: card.initialHoldId,
          requestId: `card-initial-void:${card.id}`,
          action: 'void',
        })
      }
    }
    await tx.update(cards).set(values).where(eq(cards.id, card.id))
    await recordStatus(tx, deps.clock, {
      cardId: card.id,
      fromStatus: from,
      toStatus: next.status,
      event: machineEvent[outcome.result],
      note: note.slice(0, 500),
      actorUserId: null,
    })
    return true
  })
}
