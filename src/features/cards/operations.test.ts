import { describe, expect, it } from 'vitest'
import { operationRefusal, type Card, type CardOperation } from './operations'

const op = (event: CardOperation['event']): CardOperation => ({
  id: 'x',
  label: 'cardOps:cancel',
  event,
  button: 'cards-balance:cancel',
  run: () => undefined,
})
const cancel = op(() => ({ type: 'REQUEST_CANCEL', reasonCode: 'reason', by: 0 }))
const topUp = op(() => ({ type: 'TOP_UP' }))
const card = (status: Card['status'], pendingTransactions: number, expired = false) =>
  ({ status, pendingTransactions, expired }) as Card
const withdraw = op(() => ({ type: 'WITHDRAW' }))
const limit = op(() => ({ type: 'UPDATE_LIMIT' }))
const freeze = op(() => ({ type: 'FREEZE', reasonCode: 'reason' }))
const unfreeze = op(() => ({ type: 'UNFREEZE', reasonCode: 'reason' }))

describe('operationRefusal (why a card operation is not offered)', () => {
  it('names the pending transactions when they alone hold a cancellation back', () => {
    expect(operationRefusal(cancel, card('active', 1))).toBe('pending')
    expect(operationRefusal(cancel, card('blocked', 2))).toBe('pending')
  })
  it('names the status otherwise, and nothing when allowed', () => {
    expect(operationRefusal(cancel, card('cancelled', 1))).toBe('status')
    expect(operationRefusal(cancel, card('creating', 0))).toBe('status')
    expect(operationRefusal(topUp, card('blocked', 1))).toBe('status')
    expect(operationRefusal(cancel, card('active', 0))).toBeUndefined()
    expect(operationRefusal(topUp, card('active', 3))).toBeUndefined()
  })
  it('names the expiry when it alone holds top-up, limits, freeze and unfreeze back', () => {
    for (const held of [topUp, limit, freeze]) {
      expect(operationRefusal(held, card('active', 0, true))).toBe('expired')
    }
    expect(operationRefusal(unfreeze, card('blocked', 0, true))).toBe('expired')
    // Withdraw and cancel give the money back: still offered on an expired card.
    expect(operationRefusal(withdraw, card('active', 0, true))).toBeUndefined()
    expect(operationRefusal(cancel, card('active', 0, true))).toBeUndefined()
    expect(operationRefusal(cancel, card('blocked', 1, true))).toBe('pending')
    // What the status refuses anyway is the status's.
    expect(operationRefusal(topUp, card('blocked', 0, true))).toBe('status')
  })
})
