/**
 * The card machine's model as the end-to-end walk drives it through the real console
 * (tests/e2e/cardModel.spec.ts). Only what the console and the sandbox issuer can make happen
 * is in it: the channel's creation results (the sandbox's failure injection decides which),
 * freeze, a cancellation request and its approval by a second person, and an authorisation
 * becoming pending and then clearing. The sandbox never reports a block or a cancellation of
 * its own, never resolves a pending or failed-to-answer creation, and the console has no
 * "retry creation": those transitions are the pure model test's (src/machines/card.test.ts).
 *
 * A state of the walk is the machine's state plus whether the card has pending transactions
 * (a cancellation waits for them), so the walk reaches, for instance, "active with a pending
 * authorisation" as well as "active".
 */
import { createTestModel } from 'xstate/graph'
import { cardMachine, type CardEvent } from '../../src/machines/card'

type Snapshot = ReturnType<typeof cardMachine.getInitialSnapshot>

/** merchant.user asks; admin reviews (their ids only need to differ). */
export const REQUESTER = 1
export const REVIEWER = 2

export const CREATION_EVENTS = [
  'CHANNEL_CREATED',
  'CHANNEL_PENDING',
  'CHANNEL_FAILED',
  'CHANNEL_SYSTEM_ERROR',
] as const

const EVENTS: CardEvent[] = [
  ...CREATION_EVENTS.map((type) => ({ type })),
  { type: 'FREEZE', reasonCode: 'suspectedFraud' },
  { type: 'REQUEST_CANCEL', reasonCode: 'noLongerNeeded', by: REQUESTER },
  { type: 'APPROVE_CANCEL', by: REVIEWER },
  { type: 'PENDING_TRANSACTIONS', count: 1 },
  { type: 'PENDING_TRANSACTIONS', count: 0 },
]

function drivable(state: Snapshot, event: CardEvent): boolean {
  switch (event.type) {
    case 'PENDING_TRANSACTIONS':
      // An authorisation is approved only on an active card; a pending one clears anywhere.
      return event.count === 1
        ? state.matches('active') && state.context.pendingTransactions === 0
        : state.context.pendingTransactions > 0
    default:
      return EVENTS.some((e) => e.type === event.type)
  }
}

export const cardKey = (s: Snapshot) =>
  `${String(s.value)}${s.context.pendingTransactions > 0 ? '+pending' : ''}`

export const cardE2eModel = createTestModel(cardMachine, {
  input: {},
  events: EVENTS,
  filterEvents: drivable as never,
  serializeState: ((s: Snapshot) => cardKey(s)) as never,
})
