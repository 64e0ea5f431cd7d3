import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock, transition } from 'xstate'
import { createTestModel } from 'xstate/graph'
import { checkPathsAgainstTable, type TableCheck } from '../../tests/model/checkStateTable'
import { modelOf } from '../../tests/model/modelOf'
import {
  AFTER_WARNING,
  clockSync,
  ELAPSED,
  FORBIDDEN_TABLE,
  FORBIDDEN_UNIVERSE,
  SESSION_TABLE,
  SIDE_EFFECTS,
  signedIn,
  TICK,
  UNIVERSE,
} from '../../tests/model/sessionTable'
import { sessionMachine, type SessionEvent } from './session'

/**
 * The session machine against its hand-written table (tests/model/sessionTable.ts): every state
 * the model reaches is held to its row (what `can()` accepts and refuses, where each event leads,
 * the context and effects after it), and the real machine, under a simulated clock, is walked
 * along every path with the timers fired at literal times (1 ms before, then at, the deadline).
 */

const SAMPLE_EVENTS = [
  ...ELAPSED.map(signedIn),
  ...ELAPSED.map(clockSync),
  { type: 'NAVIGATED', forbiddenPage: false },
  { type: 'NAVIGATED', forbiddenPage: true },
] as SessionEvent[]

const modelMachine = modelOf(sessionMachine)
const model = createTestModel(modelMachine, { events: SAMPLE_EVENTS })
type Snapshot = ReturnType<typeof modelMachine.getInitialSnapshot>

/** The table's key: the state, and in the warning the whole seconds shown and the prompt. */
function phaseKey(s: Snapshot): string {
  if (!s.matches('warning')) return String(s.value)
  const prompt = s.matches({ warning: { prompt: 'extending' } }) ? 'extending' : 'asking'
  return `warning ${s.context.remaining}s, ${prompt}`
}

const phases: TableCheck<typeof modelMachine> = {
  machine: modelMachine,
  table: SESSION_TABLE,
  keyOf: phaseKey,
  universe: UNIVERSE,
  effects: SIDE_EFFECTS,
}
const forbidden: TableCheck<typeof modelMachine> = {
  machine: modelMachine,
  table: FORBIDDEN_TABLE,
  keyOf: (s) => (s.context.forbiddenHandled ? 'handled' : 'armed'),
  universe: FORBIDDEN_UNIVERSE,
  effects: SIDE_EFFECTS,
}

/** The warning shows at 3 s on the shared clock and the session ends at 5 s (TIMES). */
const WARN_AT_MS = 3000

type Deferred = { resolve: (v: any) => void; reject: (e: Error) => void }

/** The real machine under a simulated clock, its calls held until the test answers them. */
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
  const answer = async (id: 'extend' | 'logout', ok: boolean, value: unknown = {}) => {
    const d = pending[id]
    expect(d, `${id} call in flight`).toBeTruthy()
    pending[id] = null
    if (ok) d!.resolve(value)
    else d!.reject(new Error('refused'))
    // Lets the answer reach the actor (microtasks only: no time passes).
    for (let i = 0; i < 5; i++) await Promise.resolve()
  }
  const key = () => phaseKey(actor.getSnapshot() as never)
  /**
   * Moves the clock 1 ms at a time: SimulatedClock starts a timer set while it jumps at the
   * jump's end, so one long jump would push each later tick back.
   */
  const advance = (ms: number) => {
    for (let i = 0; i < ms; i++) clock.increment(1)
  }
  return { actor, clock, effects, answer, key, advance }
}

/**
 * Walks one model path on the real machine. The timers are fired by moving the simulated clock:
 * the warning 1 ms before its time (nothing happens) and then at it, a tick of the countdown at
 * 999 ms and then 1000 ms. Where the warning falls is the test's own bookkeeping of the shared
 * clock (the last reading an event brought, or 0 after activity), never the machine's context.
 */
async function runPath(path: { state: Snapshot; steps: { event: any; state: Snapshot }[] }) {
  const sut = createSut()
  let prev: Snapshot = modelMachine.getInitialSnapshot({} as never)
  /** The shared clock's reading when the current active stretch began. */
  let clockAtStart = 0
  for (const { event, state } of path.steps) {
    const [, actions] = transition(modelMachine, prev, event)
    const effects = actions
      .map((a) => a.type)
      .filter((t) => (SIDE_EFFECTS as readonly string[]).includes(t))
    const before = sut.key()
    switch (event.type) {
      case 'xstate.init':
        break
      case AFTER_WARNING.type: {
        const wait = WARN_AT_MS - clockAtStart
        sut.advance(wait - 1)
        expect(sut.key(), `1 ms before the warning`).toBe(before)
        sut.advance(1)
        break
      }
      case TICK.type:
        sut.advance(999)
        expect(sut.key(), '1 ms before the tick').toBe(before)
        sut.advance(1)
        break
      case 'xstate.done.actor.extend':
        await sut.answer('extend', true)
        break
      case 'xstate.error.actor.extend':
        await sut.answer('extend', false)
        break
      case 'xstate.done.actor.logout':
        await sut.answer('logout', true)
        break
      case 'xstate.error.actor.logout':
        await sut.answer('logout', false)
        break
      default:
        sut.actor.send(event)
    }
    if ('elapsedMs' in event) clockAtStart = event.elapsedMs
    if (event.type === 'ACTIVITY' || event.type === 'xstate.done.actor.extend') clockAtStart = 0
    const now = sut.actor.getSnapshot()
    const at = `after ${path.steps.map((s) => s.event.type).join(' → ')}`
    expect(now.value, at).toEqual(state.value)
    expect(now.context, at).toEqual(state.context)
    expect(sut.effects, at).toEqual(effects)
    sut.effects.length = 0
    prev = state
  }
  sut.actor.stop()
}

describe('session machine against its table (createTestModel)', () => {
  const paths = model.getShortestPaths({ allowDuplicatePaths: true })

  it('every state reached is held to its row, and every row is reached', () => {
    checkPathsAgainstTable(phases, paths)
  })

  it('the 403 rule holds in every state reached', () => {
    checkPathsAgainstTable(forbidden, paths)
  })

  it('the real machine follows every path, its timers firing at their deadlines', async () => {
    for (const path of paths) await runPath(path)
  })
})

describe('session timers at their exact deadlines (simulated clock, literal times)', () => {
  it('warns at 3000 ms, counts down each second, ends at 5000 ms', () => {
    const sut = createSut()
    sut.actor.send(signedIn(0))
    sut.advance(2999)
    expect(sut.key()).toBe('active')
    sut.advance(1) // 3000
    expect(sut.key()).toBe('warning 2s, asking')
    sut.advance(999) // 3999
    expect(sut.key()).toBe('warning 2s, asking')
    sut.advance(1) // 4000
    expect(sut.key()).toBe('warning 1s, asking')
    sut.advance(999) // 4999
    expect(sut.key()).toBe('warning 1s, asking')
    expect(sut.effects).toEqual([])
    sut.advance(1) // 5000
    expect(sut.key()).toBe('expired')
    expect(sut.effects).toEqual(['clearSession', 'announceExpired', 'goToLogin'])
  })

  it('a session found 2000 ms into the shared clock warns 1000 ms later', () => {
    const sut = createSut()
    sut.actor.send(signedIn(2000))
    sut.advance(999)
    expect(sut.key()).toBe('active')
    sut.advance(1)
    expect(sut.key()).toBe('warning 2s, asking')
  })

  it('activity restarts the idle clock: the warning comes 3000 ms after it', () => {
    const sut = createSut()
    sut.actor.send(signedIn(2000))
    sut.advance(500)
    sut.actor.send({ type: 'ACTIVITY' })
    expect(sut.effects).toEqual(['shareActivity'])
    sut.advance(2999) // 3499
    expect(sut.key()).toBe('active')
    sut.advance(1) // 3500
    expect(sut.key()).toBe('warning 2s, asking')
  })

  it('another tab’s clock moves this one: a sync at 2000 ms warns 1000 ms later', () => {
    const sut = createSut()
    sut.actor.send(signedIn(0))
    sut.advance(100)
    sut.actor.send(clockSync(2000))
    sut.advance(999) // 1099
    expect(sut.key()).toBe('active')
    sut.advance(1) // 1100
    expect(sut.key()).toBe('warning 2s, asking')
  })

  it('"stay signed in" adopts the idle length the server answers (10 s: warning 8000 ms later)', async () => {
    const sut = createSut()
    sut.actor.send(signedIn(0))
    sut.advance(3000)
    sut.actor.send({ type: 'STAY' })
    expect(sut.key()).toBe('warning 2s, extending')
    // The countdown goes on while the call is under way.
    sut.advance(1000) // 4000
    expect(sut.key()).toBe('warning 1s, extending')
    await sut.answer('extend', true, { idleSeconds: 10 })
    expect(sut.key()).toBe('active')
    expect(sut.effects).toEqual(['shareActivity'])
    sut.advance(7999) // 11999
    expect(sut.key()).toBe('active')
    sut.advance(1) // 12000
    expect(sut.key()).toBe('warning 2s, asking')
    sut.advance(1999) // 13999
    expect(sut.key()).toBe('warning 1s, asking')
    sut.advance(1) // 14000
    expect(sut.key()).toBe('expired')
  })

  it('a refused "stay signed in" leaves the countdown running to the end', async () => {
    const sut = createSut()
    sut.actor.send(signedIn(0))
    sut.advance(3000)
    sut.actor.send({ type: 'STAY' })
    await sut.answer('extend', false)
    expect(sut.effects).toEqual(['notifyExtendFailed'])
    expect(sut.key()).toBe('warning 2s, asking')
    sut.advance(1999) // 4999
    expect(sut.key()).toBe('warning 1s, asking')
    sut.advance(1) // 5000
    expect(sut.key()).toBe('expired')
  })

  it('announces an expiry once however many calls come back 401', () => {
    const sut = createSut()
    sut.actor.send(signedIn(0))
    for (let i = 0; i < 3; i++) sut.actor.send({ type: 'API_UNAUTHORIZED' })
    expect(sut.effects).toEqual(['clearSession', 'announceExpired', 'goToLogin'])
    expect(sut.key()).toBe('expired')
  })
})
