/**
 * The card machine's model as the end-to-end walk drives it through the real console
 * (tests/e2e/cardModel.spec.ts). Only what the console and the sandbox issuer can make happen
 * is in it: the channel's creation results (the sandbox's failure injection decides which),
 * freeze and unfreeze, a cancellation request and its approval or rejection by a second person,
 * and an authorisation becoming pending and then clearing. The sandbox never reports a block or
 * a cancellation of its own, never resolves a pending or failed-to-answer creation, and the
 * console has no "retry creation": those transitions are the pure test's
 * (src/machines/card.test.ts).
 *
 * A state of the walk is a row of the card's table (tests/model/cardTable.ts): the status,
 * where a cancellation request came from, and whether the card has pending transactions.
 */
import type { TableEvent } from './stateTable'
import { initialTransition, transition } from 'xstate'
import { createTestModel } from 'xstate/graph'
import { cardMachine, type CardEvent } from '../../src/machines/card'
import {
  APPROVE,
  CLEARED,
  FREEZE,
  PENDING,
  REJECT,
  REQUEST_CANCEL,
  UNFREEZE,
  cardTableKey,
} from './cardTable'

type Snapshot = ReturnType<typeof cardMachine.getInitialSnapshot>

export const CREATION_EVENTS = [
  'CHANNEL_CREATED',
  'CHANNEL_PENDING',
  'CHANNEL_FAILED',
  'CHANNEL_SYSTEM_ERROR',
] as const

const EVENTS = [
  ...CREATION_EVENTS.map((type) => ({ type })),
  FREEZE,
  UNFREEZE,
  REQUEST_CANCEL,
  APPROVE,
  REJECT,
  PENDING,
  CLEARED,
] as CardEvent[]

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

export const cardKey = (s: Snapshot) => cardTableKey(String(s.value), s.context)

export const cardE2eModel = createTestModel(cardMachine, {
  input: {},
  events: EVENTS,
  filterEvents: drivable as never,
  serializeState: ((s: Snapshot) => cardKey(s)) as never,
})

/**
 * A path of the walk through given events, in the shape of the model's own paths (the start,
 * then each event with the state after it). Shortest paths never take a transition into a
 * state they reach sooner (unfreeze, a rejected cancellation), so the walk adds such a path.
 */
export function pathThrough(events: TableEvent[]) {
  let [state] = initialTransition(cardMachine, {})
  const steps: { event: TableEvent; state: Snapshot }[] = [
    { event: { type: 'xstate.init' }, state },
  ]
  for (const event of events) {
    if (!state.can(event as CardEvent)) {
      throw new Error(`${cardKey(state)} refuses ${JSON.stringify(event)}`)
    }
    ;[state] = transition(cardMachine, state, event as CardEvent)
    steps.push({ event, state })
  }
  return { state, steps, weight: steps.length }
}
