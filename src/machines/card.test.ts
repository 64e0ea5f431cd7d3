import { describe, expect, it } from 'vitest'
import { type SnapshotFrom } from 'xstate'
import { createTestModel } from 'xstate/graph'
import { CARD_TABLE, cardTableKey, UNIVERSE } from '../../tests/model/cardTable'
import { checkPathsAgainstTable, type TableCheck } from '../../tests/model/checkStateTable'
import { canCard, cardMachine, nextCardStatus, type CardEvent, type CardStatus } from './card'

type Snapshot = SnapshotFrom<typeof cardMachine>

/**
 * The card machine against its hand-written table (tests/model/cardTable.ts): every situation
 * the model reaches is held to its row, through the machine's snapshot (what the console's
 * buttons ask) and through `canCard` / `nextCardStatus` from the stored status (what the server
 * asks before it acts).
 */

/** Situations that behave alike are one state of the model: only "any pending?" matters. */
function serializeState(s: Snapshot) {
  const { pendingTransactions, requestedBy, beforeCancel, expired } = s.context
  return JSON.stringify({
    value: s.value,
    pending: pendingTransactions > 0,
    requestedBy,
    beforeCancel,
    expired,
  })
}

const EVENTS = UNIVERSE as CardEvent[]
/**
 * Two walks: a card in date, and one past its expiry month. No event changes `expired` (the
 * month does, read afresh at each ask), so the expired rows are reached from an expired start.
 */
const models = [false, true].map((expired) =>
  createTestModel(cardMachine, {
    events: EVENTS as never,
    input: { expired },
    serializeState: serializeState as never,
  }),
)

const keyOf = (s: Snapshot) => cardTableKey(String(s.value), s.context)
const table: TableCheck<typeof cardMachine> = {
  machine: cardMachine,
  table: CARD_TABLE,
  keyOf,
  universe: UNIVERSE,
  effects: [],
}

describe('card machine against its table (createTestModel)', () => {
  const paths = models.flatMap((model) =>
    model.getShortestPaths({ allowDuplicatePaths: true }),
  ) as unknown as {
    state: Snapshot
    steps: any[]
  }[]

  it('every situation reached is held to its row, and every row is reached', () => {
    checkPathsAgainstTable(table, paths)
  })

  it('the server helpers answer each row from the stored status alike', () => {
    for (const { state } of paths) {
      const row = CARD_TABLE[keyOf(state)]
      const status = state.value as CardStatus
      for (const ev of EVENTS) {
        const at = `${keyOf(state)} ${JSON.stringify(ev)}`
        const accepted = row.accepts.find((a) => JSON.stringify(a.event) === JSON.stringify(ev))
        expect(canCard(status, ev, state.context), at).toBe(Boolean(accepted))
        const next = nextCardStatus(status, ev, state.context)
        expect(next && cardTableKey(next.status, next.context), at).toBe(accepted?.to ?? null)
      }
    }
  })

  it('has a state space small enough to walk whole', () => {
    expect(paths.length).toBeLessThan(400)
  })
})

describe('canCard and nextCardStatus (the server helpers)', () => {
  it('refuses a cancellation while transactions are pending, and allows it once they clear', () => {
    const ask = { type: 'REQUEST_CANCEL', reasonCode: 'C01', by: 1 } as const
    expect(canCard('active', ask, { pendingTransactions: 2 })).toBe(false)
    expect(nextCardStatus('active', ask, { pendingTransactions: 2 })).toBeNull()
    expect(nextCardStatus('active', ask)).toMatchObject({
      status: 'cancelRequested',
      context: { requestedBy: 1, beforeCancel: 'active', reasonCode: 'C01' },
    })
    const requested = { requestedBy: 1, beforeCancel: 'active' as const }
    expect(
      canCard(
        'cancelRequested',
        { type: 'APPROVE_CANCEL', by: 2 },
        {
          ...requested,
          pendingTransactions: 1,
        },
      ),
    ).toBe(false)
    expect(
      nextCardStatus('cancelRequested', { type: 'APPROVE_CANCEL', by: 2 }, requested),
    ).toMatchObject({
      status: 'cancelled',
      context: { requestedBy: null, beforeCancel: null },
    })
  })

  it('keeps maker and checker apart, and a rejection returns the card where it was', () => {
    const fromBlocked = { requestedBy: 7, beforeCancel: 'blocked' as const }
    expect(canCard('cancelRequested', { type: 'APPROVE_CANCEL', by: 7 }, fromBlocked)).toBe(false)
    expect(
      nextCardStatus(
        'cancelRequested',
        { type: 'REJECT_CANCEL', reasonCode: 'N1', by: 8 },
        fromBlocked,
      )?.status,
    ).toBe('blocked')
  })

  it('past its expiry month, a card is only emptied or cancelled: no top-up, limit or freeze', () => {
    const expired = { expired: true }
    for (const ev of [
      { type: 'TOP_UP' },
      { type: 'UPDATE_LIMIT' },
      { type: 'FREEZE', reasonCode: 'R01' },
    ] as const) {
      expect(canCard('active', ev, expired), ev.type).toBe(false)
      expect(nextCardStatus('active', ev, expired), ev.type).toBeNull()
      expect(canCard('active', ev), `${ev.type} in date`).toBe(true)
    }
    expect(canCard('blocked', { type: 'UNFREEZE', reasonCode: 'R02' }, expired)).toBe(false)
    expect(nextCardStatus('active', { type: 'WITHDRAW' }, expired)?.status).toBe('active')
    const cancel = { type: 'REQUEST_CANCEL', reasonCode: 'C01', by: 1 } as const
    expect(nextCardStatus('active', cancel, expired)?.status).toBe('cancelRequested')
    expect(nextCardStatus('blocked', cancel, expired)?.status).toBe('cancelRequested')
  })

  it('needs a reason code to freeze or unfreeze, and nothing moves a cancelled or failed card', () => {
    expect(canCard('active', { type: 'FREEZE', reasonCode: '' })).toBe(false)
    expect(nextCardStatus('active', { type: 'FREEZE', reasonCode: 'LOST' })?.status).toBe('blocked')
    for (const status of ['cancelled', 'failed'] as const) {
      for (const ev of EVENTS.filter((e) => e.type !== 'PENDING_TRANSACTIONS')) {
        expect(canCard(status, ev), `${status} ${ev.type}`).toBe(false)
      }
    }
  })
})
