import { describe, expect, it } from 'vitest'
import {
  createActor,
  transition,
  type AnyStateNode,
  type SnapshotFrom,
  type TransitionDefinition,
} from 'xstate'
import { createTestModel, getStateNodes } from 'xstate/graph'
import {
  CARD_STATUSES,
  canCard,
  cardMachine,
  nextCardStatus,
  type CardEvent,
  type CardStatus,
} from './card'

type Snapshot = SnapshotFrom<typeof cardMachine>

/** Two people: the one who asks (1) and a reviewer (2); a blank reason and a real one. */
const PEOPLE_EVENTS: CardEvent[] = [
  { type: 'FREEZE', reasonCode: 'R01' },
  { type: 'FREEZE', reasonCode: ' ' },
  { type: 'UNFREEZE', reasonCode: 'R02' },
  { type: 'UNFREEZE', reasonCode: '' },
  { type: 'REQUEST_CANCEL', reasonCode: 'C01', by: 1 },
  { type: 'REQUEST_CANCEL', reasonCode: '', by: 1 },
  { type: 'APPROVE_CANCEL', by: 1 },
  { type: 'APPROVE_CANCEL', by: 2 },
  { type: 'REJECT_CANCEL', reasonCode: 'N01', by: 2 },
  { type: 'REJECT_CANCEL', reasonCode: 'N01', by: 1 },
  { type: 'REJECT_CANCEL', reasonCode: ' ', by: 2 },
  { type: 'TOP_UP' },
  { type: 'WITHDRAW' },
  { type: 'UPDATE_LIMIT' },
  { type: 'RETRY_CREATE' },
]
const CHANNEL_EVENTS: CardEvent[] = [
  { type: 'CHANNEL_CREATED' },
  { type: 'CHANNEL_PENDING' },
  { type: 'CHANNEL_FAILED' },
  { type: 'CHANNEL_SYSTEM_ERROR' },
  { type: 'CHANNEL_BLOCKED' },
  { type: 'CHANNEL_CANCELLED' },
]
const EVENTS: CardEvent[] = [
  ...PEOPLE_EVENTS,
  ...CHANNEL_EVENTS,
  { type: 'PENDING_TRANSACTIONS', count: 1 },
  { type: 'PENDING_TRANSACTIONS', count: 0 },
]

/** Situations that behave alike are one state of the model: only "any pending?" matters. */
function serializeState(s: Snapshot) {
  const { pendingTransactions, requestedBy, beforeCancel } = s.context
  return JSON.stringify({
    value: s.value,
    pending: pendingTransactions > 0,
    requestedBy,
    beforeCancel,
  })
}

const model = createTestModel(cardMachine, {
  events: EVENTS as never,
  input: {},
  serializeState: serializeState as never,
})

// ---------------------------------------------------------------------------------------------
// The expectations, written from spec §4 and NOT from the machine: a plain reducer of where each
// event takes the card and a table of what each situation allows. Break a guard of the machine
// and these disagree with it.
// ---------------------------------------------------------------------------------------------

interface Expected {
  status: CardStatus
  pending: number
  reason: string | null
  requester: number | null
  returnTo: 'active' | 'blocked' | null
}
const START: Expected = {
  status: 'creating',
  pending: 0,
  reason: null,
  requester: null,
  returnTo: null,
}
const reasoned = (ev: CardEvent) =>
  'reasonCode' in ev && typeof ev.reasonCode === 'string' && ev.reasonCode.trim() !== ''
const reviewer = (e: Expected, ev: CardEvent) => 'by' in ev && ev.by !== e.requester

/** What the card allows, situation by situation. */
function allowed(e: Expected, ev: CardEvent): boolean {
  const s = e.status
  switch (ev.type) {
    case 'PENDING_TRANSACTIONS':
      return true
    case 'CHANNEL_CREATED':
    case 'CHANNEL_FAILED':
    case 'CHANNEL_SYSTEM_ERROR':
      // A late success or failure may follow a system error; a system error cannot.
      return (
        s === 'creating' ||
        s === 'pending' ||
        (s === 'systemError' && ev.type !== 'CHANNEL_SYSTEM_ERROR')
      )
    case 'CHANNEL_PENDING':
      return s === 'creating'
    case 'RETRY_CREATE':
      return s === 'systemError'
    case 'TOP_UP':
    case 'WITHDRAW':
    case 'UPDATE_LIMIT':
      return s === 'active'
    case 'FREEZE':
      return s === 'active' && reasoned(ev)
    case 'UNFREEZE':
      return s === 'blocked' && reasoned(ev)
    case 'CHANNEL_BLOCKED':
      return s === 'active'
    case 'CHANNEL_CANCELLED':
      return s === 'active' || s === 'blocked' || s === 'cancelRequested'
    case 'REQUEST_CANCEL':
      // Spec §4: never while pending transactions exist.
      return (s === 'active' || s === 'blocked') && reasoned(ev) && e.pending === 0
    case 'APPROVE_CANCEL':
      return s === 'cancelRequested' && reviewer(e, ev) && e.pending === 0
    case 'REJECT_CANCEL':
      return s === 'cancelRequested' && reviewer(e, ev) && reasoned(ev)
  }
}

function expectedAfter(e: Expected, ev: CardEvent): Expected {
  if (!allowed(e, ev)) return e
  const closed = { requester: null, returnTo: null }
  switch (ev.type) {
    case 'PENDING_TRANSACTIONS':
      return { ...e, pending: ev.count }
    case 'CHANNEL_CREATED':
      return { ...e, status: 'active' }
    case 'CHANNEL_PENDING':
      return { ...e, status: 'pending' }
    case 'CHANNEL_FAILED':
      return { ...e, status: 'failed' }
    case 'CHANNEL_SYSTEM_ERROR':
      return { ...e, status: 'systemError' }
    case 'RETRY_CREATE':
      return { ...e, status: 'creating' }
    case 'TOP_UP':
    case 'WITHDRAW':
    case 'UPDATE_LIMIT':
      return e
    case 'FREEZE':
      return { ...e, status: 'blocked', reason: ev.reasonCode }
    case 'UNFREEZE':
      return { ...e, status: 'active', reason: ev.reasonCode }
    case 'CHANNEL_BLOCKED':
      return { ...e, status: 'blocked' }
    case 'CHANNEL_CANCELLED':
      return e.status === 'cancelRequested'
        ? { ...e, ...closed, status: 'cancelled' }
        : { ...e, status: 'cancelled' }
    case 'REQUEST_CANCEL':
      return {
        ...e,
        status: 'cancelRequested',
        reason: ev.reasonCode,
        requester: ev.by,
        returnTo: e.status as 'active' | 'blocked',
      }
    case 'APPROVE_CANCEL':
      return { ...e, ...closed, status: 'cancelled' }
    case 'REJECT_CANCEL':
      return { ...e, ...closed, status: e.returnTo!, reason: ev.reasonCode }
  }
}

function observed(s: Snapshot): Expected {
  return {
    status: s.value as CardStatus,
    pending: s.context.pendingTransactions,
    reason: s.context.reasonCode,
    requester: s.context.requestedBy,
    returnTo: s.context.beforeCancel,
  }
}

// ---------------------------------------------------------------------------------------------

type Path = { state: Snapshot; steps: { event: any; state: Snapshot }[] }

function runPath(path: Path) {
  const actor = createActor(cardMachine, { input: {} }).start()
  let expected = START
  const check = () => {
    const snap = actor.getSnapshot()
    expect(observed(snap)).toEqual(expected)
    for (const ev of EVENTS) {
      expect(snap.can(ev), `can(${JSON.stringify(ev)}) at ${JSON.stringify(expected)}`).toBe(
        allowed(expected, ev),
      )
      // The server's helper answers from a stored status and context, and agrees.
      expect(
        canCard(expected.status, ev, {
          pendingTransactions: expected.pending,
          requestedBy: expected.requester,
          beforeCancel: expected.returnTo,
        }),
      ).toBe(allowed(expected, ev))
    }
  }
  check()
  for (const step of path.steps) {
    if (step.event.type === 'xstate.init') continue
    expected = expectedAfter(expected, step.event)
    actor.send(step.event)
    check()
  }
  actor.stop()
}

function allTransitions(): Map<TransitionDefinition<any, any>, string> {
  const nodes: AnyStateNode[] = [cardMachine.root, ...getStateNodes(cardMachine.root)]
  const out = new Map<TransitionDefinition<any, any>, string>()
  for (const node of nodes) {
    for (const [type, list] of node.transitions) {
      list.forEach((t, i) => out.set(t, `${node.id} ${type} #${i}`))
    }
  }
  return out
}

describe('card machine, model-based (createTestModel)', () => {
  const shortest = model.getShortestPaths({ allowDuplicatePaths: true }) as unknown as Path[]
  const eventsOf = model.options.events as unknown as (s: Snapshot) => CardEvent[]

  it('reaches every state through its shortest paths, each agreeing with the rules', () => {
    const reached = new Set<string>()
    for (const path of model.getShortestPaths() as unknown as Path[]) {
      runPath(path)
      for (const { state } of path.steps) reached.add(String(state.value))
    }
    expect([...reached].sort()).toEqual([...CARD_STATUSES].sort())
  })

  it('has a state space small enough to walk whole', () => {
    expect(shortest.length).toBeLessThan(200)
  })

  it('takes every transition (each guarded candidate), and refuses what the table refuses', () => {
    const defs = allTransitions()
    const taken = new Set<string>()
    for (const path of shortest) {
      for (const event of eventsOf(path.state)) {
        const picked = cardMachine.getTransitionData(path.state, event as never)
        const [next] = transition(cardMachine, path.state, event)
        runPath({ state: next, steps: [...path.steps, { event, state: next }] })
        for (const t of picked) taken.add(defs.get(t)!)
      }
    }
    expect([...defs.values()].filter((d) => !taken.has(d))).toEqual([])
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
