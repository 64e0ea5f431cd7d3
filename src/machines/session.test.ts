import { describe, expect, it } from 'vitest'
import {
  createActor,
  fromPromise,
  SimulatedClock,
  transition,
  type AnyStateNode,
  type TransitionDefinition,
} from 'xstate'
import { createTestModel, getStateNodes } from 'xstate/graph'
import { modelOf } from '../../tests/model/modelOf'
import { sessionMachine, untilWarningMs, type SessionEvent } from './session'

/** Short times keep the countdown's state space small; the rules do not depend on them. */
const TIMES = { idleSeconds: 6, warningSeconds: 3 }
/** Elapsed times on the shared clock: fresh, inside the warning, past the end. */
const ELAPSED = [0, 4000, 7000]

const SAMPLE_EVENTS: SessionEvent[] = [
  ...ELAPSED.map((elapsedMs) => ({ type: 'SIGNED_IN' as const, ...TIMES, elapsedMs })),
  ...ELAPSED.map((elapsedMs) => ({ type: 'CLOCK_SYNC' as const, elapsedMs })),
  { type: 'NAVIGATED', forbiddenPage: false },
  { type: 'NAVIGATED', forbiddenPage: true },
]

/** The named side effects the console supplies; the model predicts them, the SUT records them. */
const SIDE_EFFECTS = [
  'clearSession',
  'announceExpired',
  'goToLogin',
  'goToForbidden',
  'shareActivity',
  'notifyExtendFailed',
] as const

const modelMachine = modelOf(sessionMachine)
const model = createTestModel(modelMachine, { events: SAMPLE_EVENTS })

// ---------------------------------------------------------------------------------------------
// The expectations, written from the spec's session rules (SPEC §4) and NOT read from the
// machine: a plain reducer of where each event leaves the session and which side effects the
// user sees. The model above only says which paths to walk; this says what must happen on them,
// so a broken guard in session.ts fails here even though the model (made from the same machine)
// agrees with it.
// ---------------------------------------------------------------------------------------------

type Phase = 'signedOut' | 'active' | 'warning' | 'expired' | 'signingOut'
interface Expected {
  phase: Phase
  /** In the warning: "Stay signed in" was pressed and the call is under way. */
  extending: boolean
  /** In the warning: whole seconds shown in the countdown. */
  remaining: number
  /** A 403 was handled and the user has not left the 403 page since. */
  forbiddenHandled: boolean
}
const IDLE_MS = TIMES.idleSeconds * 1000
const WARN_AT_MS = (TIMES.idleSeconds - TIMES.warningSeconds) * 1000
const EXPIRY_EFFECTS = ['clearSession', 'announceExpired', 'goToLogin']
const SIGNED_OUT_EFFECTS = ['clearSession', 'goToLogin']
const START: Expected = {
  phase: 'signedOut',
  extending: false,
  remaining: 0,
  forbiddenHandled: false,
}

/** Where the shared clock's reading puts a session (a sign-in or a sync from another tab). */
function placeOnClock(s: Expected, elapsedMs: number): [Expected, string[]] {
  if (elapsedMs >= IDLE_MS) return [{ ...s, phase: 'expired', extending: false }, EXPIRY_EFFECTS]
  if (elapsedMs >= WARN_AT_MS) {
    const remaining = Math.ceil((IDLE_MS - elapsedMs) / 1000)
    return [{ ...s, phase: 'warning', extending: false, remaining }, []]
  }
  return [{ ...s, phase: 'active', extending: false }, []]
}

function sessionAfter(
  s: Expected,
  ev: { type: string } & Record<string, any>,
): [Expected, string[]] {
  const signedIn = s.phase === 'active' || s.phase === 'warning'
  switch (ev.type) {
    case 'xstate.init':
      return [s, []]
    case 'API_FORBIDDEN':
      return s.forbiddenHandled ? [s, []] : [{ ...s, forbiddenHandled: true }, ['goToForbidden']]
    case 'NAVIGATED':
      return [{ ...s, forbiddenHandled: s.forbiddenHandled && ev.forbiddenPage }, []]
    case 'SIGNED_IN':
      if (s.phase === 'signedOut') return placeOnClock(s, ev.elapsedMs)
      // After an expiry only a live session counts: a stale record says nothing more.
      if (s.phase === 'expired')
        return ev.elapsedMs >= IDLE_MS ? [s, []] : placeOnClock(s, ev.elapsedMs)
      return [s, []]
    case 'CLOCK_SYNC':
      return signedIn ? placeOnClock(s, ev.elapsedMs) : [s, []]
    case 'ACTIVITY':
      return signedIn ? [{ ...s, phase: 'active', extending: false }, ['shareActivity']] : [s, []]
    case 'STAY':
      return s.phase === 'warning' && !s.extending ? [{ ...s, extending: true }, []] : [s, []]
    case 'SIGN_OUT':
      return signedIn ? [{ ...s, phase: 'signingOut', extending: false }, []] : [s, []]
    case 'REMOTE_SIGNED_OUT':
      return signedIn
        ? [{ ...s, phase: 'signedOut', extending: false }, SIGNED_OUT_EFFECTS]
        : [s, []]
    case 'API_UNAUTHORIZED':
      // Once: the expired session (or one being signed out) ignores further 401s.
      return signedIn ? [{ ...s, phase: 'expired', extending: false }, EXPIRY_EFFECTS] : [s, []]
    case 'xstate.after.untilWarning.session.active':
      return [{ ...s, phase: 'warning', remaining: TIMES.warningSeconds }, []]
    case 'xstate.after.second.session.warning.countdown.ticking':
      return s.remaining <= 1
        ? [{ ...s, phase: 'expired', extending: false }, EXPIRY_EFFECTS]
        : [{ ...s, remaining: s.remaining - 1 }, []]
    case 'xstate.done.actor.extend':
      return [{ ...s, phase: 'active', extending: false }, ['shareActivity']]
    case 'xstate.error.actor.extend':
      return [{ ...s, extending: false }, ['notifyExtendFailed']]
    case 'xstate.done.actor.logout':
    case 'xstate.error.actor.logout':
      return [{ ...s, phase: 'signedOut' }, SIGNED_OUT_EFFECTS]
  }
  throw new Error(`no expectation written for ${ev.type}`)
}

/** The same situation read off the real machine. */
function observed(
  snap: ReturnType<ReturnType<typeof createSut>['actor']['getSnapshot']>,
): Expected {
  const phase = (typeof snap.value === 'string' ? snap.value : Object.keys(snap.value)[0]) as Phase
  return {
    phase,
    extending: snap.matches({ warning: { prompt: 'extending' } }),
    remaining: phase === 'warning' ? snap.context.remaining : 0,
    forbiddenHandled: snap.context.forbiddenHandled,
  }
}

type Snapshot = ReturnType<typeof modelMachine.getInitialSnapshot>
type Deferred = { resolve: (v: any) => void; reject: (e: Error) => void }

/** The real machine under a simulated clock, its calls held until the model answers them. */
function createSut() {
  const clock = new SimulatedClock()
  const effects: string[] = []
  const pending: Record<'extend' | 'logout', Deferred | null> = { extend: null, logout: null }
  const held = (id: 'extend' | 'logout') =>
    fromPromise<any>(
      () =>
        new Promise((resolve, reject) => {
          pending[id] = { resolve, reject }
        }),
    )
  const record = Object.fromEntries(SIDE_EFFECTS.map((name) => [name, () => effects.push(name)]))
  const machine = sessionMachine.provide({
    actions: record,
    actors: { extendSession: held('extend'), endSession: held('logout') },
  })
  const actor = createActor(machine, { clock }).start()
  return { actor, clock, effects, pending }
}

/** Lets a held promise's answer reach the actor (microtasks only: no real time passes). */
async function settle() {
  for (let i = 0; i < 5; i++) await Promise.resolve()
}

/** Runs one model path against a fresh SUT, checking state, context and side effects. */
async function runPath(path: { state: Snapshot; steps: { event: any; state: Snapshot }[] }) {
  const sut = createSut()
  let prev: Snapshot = modelMachine.getInitialSnapshot({} as never)
  let expected: string[] = []
  let spec: Expected = START
  let specEffects: string[] = []
  const answer = (id: 'extend' | 'logout', ok: boolean) => async () => {
    const d = sut.pending[id]
    expect(d, `${id} call in flight`).toBeTruthy()
    sut.pending[id] = null
    if (ok) d!.resolve({})
    else d!.reject(new Error('refused'))
    await settle()
  }
  const exec: Record<string, (step: { event: any }) => Promise<void> | void> = {
    'xstate.after.untilWarning.session.active': () =>
      sut.clock.increment(untilWarningMs(sut.actor.getSnapshot().context)),
    'xstate.after.second.session.warning.countdown.ticking': () => sut.clock.increment(1000),
    'xstate.done.actor.extend': answer('extend', true),
    'xstate.error.actor.extend': answer('extend', false),
    'xstate.done.actor.logout': answer('logout', true),
    'xstate.error.actor.logout': answer('logout', false),
  }
  const check = (state: Snapshot) => {
    const now = sut.actor.getSnapshot()
    expect(now.value).toEqual(state.value)
    expect(now.context).toEqual(state.context)
    expect(sut.effects).toEqual(expected)
    // And the independent expectations: the spec's rules, not the machine's.
    expect(observed(now), `after ${path.steps.map((p) => p.event.type).join(' → ')}`).toEqual({
      ...spec,
      remaining: spec.phase === 'warning' ? spec.remaining : 0,
    })
    expect(sut.effects).toEqual(specEffects)
    sut.effects.length = 0
    prev = state
  }
  const events = Object.fromEntries(
    path.steps.map(({ event }) => [
      event.type,
      async (step: { event: any }) => {
        ;[spec, specEffects] = sessionAfter(spec, step.event)
        const [, actions] = transition(modelMachine, prev, step.event)
        expected = actions
          .map((a) => a.type)
          .filter((t) => (SIDE_EFFECTS as readonly string[]).includes(t))
        const run = exec[step.event.type]
        if (run) await run(step)
        else sut.actor.send(step.event)
      },
    ]),
  )
  const states = Object.fromEntries(
    ['signedOut', 'active', 'warning', 'expired', 'signingOut'].map((k) => [k, check]),
  )
  await model.testPath(path as never, { events, states } as never)
  sut.actor.stop()
}

/** Every transition definition of the machine, as "<source id> <event> #<candidate index>". */
function allTransitions(): Map<TransitionDefinition<any, any>, string> {
  const nodes: AnyStateNode[] = [modelMachine.root, ...getStateNodes(modelMachine.root)]
  const out = new Map<TransitionDefinition<any, any>, string>()
  for (const node of nodes) {
    for (const [type, list] of node.transitions) {
      list.forEach((t, i) => out.set(t, `${node.id} ${type} #${i}`))
    }
  }
  return out
}

const nodeIds = () => getStateNodes(modelMachine.root).map((n) => n.id)

describe('session machine, model-based (createTestModel)', () => {
  const shortest = model.getShortestPaths({ allowDuplicatePaths: true })
  const eventsOf = model.options.events as (s: Snapshot) => SessionEvent[]

  it('reaches every state through its shortest paths in the real machine', async () => {
    const reached = new Set<string>()
    for (const path of model.getShortestPaths()) {
      await runPath(path)
      for (const step of path.steps) for (const n of step.state._nodes) reached.add(n.id)
    }
    expect([...reached].filter((id) => id !== 'session').sort()).toEqual(nodeIds().sort())
  })

  it('takes every transition (each guarded candidate) in the real machine', async () => {
    const defs = allTransitions()
    const taken = new Set<string>()
    for (const path of shortest) {
      for (const event of eventsOf(path.state)) {
        const picked = modelMachine.getTransitionData(path.state, event)
        if (!picked.length) continue
        const [next] = transition(modelMachine, path.state, event)
        await runPath({ state: next, steps: [...path.steps, { event, state: next }] })
        for (const t of picked) taken.add(defs.get(t)!)
      }
    }
    expect([...defs.values()].filter((d) => !taken.has(d))).toEqual([])
  })
})

describe('session rules', () => {
  const signIn = { type: 'SIGNED_IN', ...TIMES, elapsedMs: 0 } as const

  it('announces an expiry once however many calls come back 401', () => {
    const sut = createSut()
    sut.actor.send(signIn)
    sut.actor.send({ type: 'API_UNAUTHORIZED' })
    sut.actor.send({ type: 'API_UNAUTHORIZED' })
    sut.actor.send({ type: 'API_UNAUTHORIZED' })
    expect(sut.effects.filter((e) => e === 'announceExpired')).toHaveLength(1)
    expect(sut.actor.getSnapshot().value).toBe('expired')
  })

  it('goes to the 403 page once until the user leaves it', () => {
    const sut = createSut()
    sut.actor.send(signIn)
    sut.actor.send({ type: 'API_FORBIDDEN' })
    sut.actor.send({ type: 'API_FORBIDDEN' })
    sut.actor.send({ type: 'NAVIGATED', forbiddenPage: true })
    sut.actor.send({ type: 'API_FORBIDDEN' })
    expect(sut.effects.filter((e) => e === 'goToForbidden')).toHaveLength(1)
    sut.actor.send({ type: 'NAVIGATED', forbiddenPage: false })
    sut.actor.send({ type: 'API_FORBIDDEN' })
    expect(sut.effects.filter((e) => e === 'goToForbidden')).toHaveLength(2)
  })

  it('warns warningSeconds before the end and counts down every second to expiry', () => {
    const sut = createSut()
    sut.actor.send(signIn)
    sut.clock.increment((TIMES.idleSeconds - TIMES.warningSeconds) * 1000 - 1)
    expect(sut.actor.getSnapshot().value).toBe('active')
    sut.clock.increment(1)
    expect(sut.actor.getSnapshot().matches('warning')).toBe(true)
    expect(sut.actor.getSnapshot().context.remaining).toBe(3)
    sut.clock.increment(1000)
    expect(sut.actor.getSnapshot().context.remaining).toBe(2)
    sut.clock.increment(1000)
    expect(sut.actor.getSnapshot().context.remaining).toBe(1)
    sut.clock.increment(1000)
    expect(sut.actor.getSnapshot().value).toBe('expired')
    expect(sut.effects).toEqual(['clearSession', 'announceExpired', 'goToLogin'])
  })

  it('a 200 restarts the idle clock and stamps the shared clock for the other tabs', () => {
    const sut = createSut()
    sut.actor.send(signIn)
    sut.clock.increment(2500)
    sut.actor.send({ type: 'ACTIVITY' })
    sut.clock.increment(2500)
    expect(sut.actor.getSnapshot().value).toBe('active')
    expect(sut.effects).toEqual(['shareActivity'])
  })

  it('a 401 while signing out is not an expiry', () => {
    const sut = createSut()
    sut.actor.send(signIn)
    sut.actor.send({ type: 'SIGN_OUT' })
    sut.actor.send({ type: 'API_UNAUTHORIZED' })
    expect(sut.effects).not.toContain('announceExpired')
    expect(sut.actor.getSnapshot().value).toBe('signingOut')
  })

  it('a restored tab takes its place on the shared clock', () => {
    const sut = createSut()
    sut.actor.send({ type: 'SIGNED_IN', ...TIMES, elapsedMs: 4200 })
    expect(sut.actor.getSnapshot().matches('warning')).toBe(true)
    expect(sut.actor.getSnapshot().context.remaining).toBe(2)
  })
})
