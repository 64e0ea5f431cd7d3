/**
 * The session machine's model as the end-to-end walk drives it through the real console
 * (tests/e2e/session.spec.ts). Only what a user (or a second tab, or the server ending a
 * session) can do in a browser is in it; the multi-tab clock and the 403 rule have specs of
 * their own. The model counts the warning in two ticks (2 s warning): "counting down" and
 * "last second"; the console's countdown is longer, and the walk waits it out.
 */
import { createTestModel } from 'xstate/graph'
import { sessionMachine, type SessionEvent } from '../../src/machines/session'
import { modelOf } from './modelOf'

export const E2E_MODEL_TIMES = { idleSeconds: 3, warningSeconds: 2 }

const ALWAYS = new Set([
  'SIGNED_IN',
  'xstate.after.untilWarning.session.active',
  'STAY',
  'xstate.done.actor.extend',
  'xstate.error.actor.extend',
  'SIGN_OUT',
  'xstate.done.actor.logout',
  'xstate.error.actor.logout',
])

const machine = modelOf(sessionMachine)
type Snapshot = ReturnType<typeof machine.getInitialSnapshot>

function drivable(state: Snapshot, event: SessionEvent | { type: string }): boolean {
  if (ALWAYS.has(event.type)) return true
  // The clock runs on while a held call waits; the walk ticks only while the user decides.
  if (event.type === 'xstate.after.second.session.warning.countdown.ticking') {
    return state.matches({ warning: { prompt: 'asking' } })
  }
  // The server ends the session and the next click finds out; another tab signs out.
  if (event.type === 'API_UNAUTHORIZED' || event.type === 'REMOTE_SIGNED_OUT') {
    return state.matches('active')
  }
  return false
}

const valueKey = (s: Snapshot) =>
  JSON.stringify({ v: s.value, r: s.matches('warning') ? s.context.remaining : undefined })

export const sessionE2eModel = createTestModel(machine, {
  events: [{ type: 'SIGNED_IN', ...E2E_MODEL_TIMES, elapsedMs: 0 }],
  filterEvents: drivable as never,
  // A state, and how it was entered when that changed the state: every way in gets a path.
  serializeState: ((s: Snapshot, e: { type: string } | undefined, prev?: Snapshot) =>
    prev && e && valueKey(prev) !== valueKey(s)
      ? `${valueKey(s)} via ${e.type} from ${valueKey(prev)}`
      : valueKey(s)) as never,
})
