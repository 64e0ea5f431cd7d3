/**
 * The session machine's table (src/machines/session.ts), written from SPEC §4 and not from the
 * machine: with a 5 s idle time and a 2 s warning, the shared clock's exact boundaries (just
 * before and at the warning, just before and at the end) and where each event leaves the tab.
 * The countdown rows are per whole second shown, so each tick has its own expected state.
 *
 * The idle time is not twice the warning on purpose: with 6 s and 3 s, `idle − warning` and
 * `warning` are the same number, and a machine that warned after `warning` seconds, or counted
 * down from `idle − warning`, passed every row (issue 25, finding 8b).
 */
import { except, on, type StateRow, type StateTable, type TableEvent } from './stateTable'

export const TIMES = { idleSeconds: 5, warningSeconds: 2 } as const
/** The shared clock's readings the table asks about: the two deadlines, 1 ms before and at. */
export const ELAPSED = [0, 2999, 3000, 4999, 5000] as const

export const signedIn = (elapsedMs: number) => ({ type: 'SIGNED_IN' as const, ...TIMES, elapsedMs })
export const clockSync = (elapsedMs: number) => ({ type: 'CLOCK_SYNC' as const, elapsedMs })
export const AFTER_WARNING = { type: 'xstate.after.untilWarning.session.active' }
export const TICK = { type: 'xstate.after.second.session.warning.countdown.ticking' }
/** The server's answer to "stay signed in" brings a new idle length (10 s), which must be used. */
export const EXTENDED = { type: 'xstate.done.actor.extend', output: { idleSeconds: 10 } }
export const EXTEND_FAILED = { type: 'xstate.error.actor.extend', error: 'refused' }
export const LOGGED_OUT = { type: 'xstate.done.actor.logout' }
export const LOGOUT_FAILED = { type: 'xstate.error.actor.logout', error: 'refused' }

export const UNIVERSE: TableEvent[] = [
  ...ELAPSED.map(signedIn),
  ...ELAPSED.map(clockSync),
  { type: 'ACTIVITY' },
  { type: 'STAY' },
  { type: 'SIGN_OUT' },
  { type: 'REMOTE_SIGNED_OUT' },
  { type: 'API_UNAUTHORIZED' },
  AFTER_WARNING,
  TICK,
  EXTENDED,
  EXTEND_FAILED,
  LOGGED_OUT,
  LOGOUT_FAILED,
]

export const SIDE_EFFECTS = [
  'clearSession',
  'announceExpired',
  'goToLogin',
  'goToForbidden',
  'shareActivity',
  'notifyExtendFailed',
] as const
const EXPIRY = ['clearSession', 'announceExpired', 'goToLogin']
const SIGNED_OUT = ['clearSession', 'goToLogin']

const warning = (seconds: number, prompt: 'asking' | 'extending') =>
  `warning ${seconds}s, ${prompt}`

/** Where a reading of the shared clock puts a signed-in tab (a sync, or a sign-in found). */
const placed = (make: (ms: number) => TableEvent, stale: 'expire' | 'ignore') => [
  on(make(0), 'active', { context: { elapsedMs: 0 } }),
  on(make(2999), 'active', { context: { elapsedMs: 2999 } }),
  on(make(3000), warning(2, 'asking'), { context: { remaining: 2 } }),
  on(make(4999), warning(1, 'asking'), { context: { remaining: 1 } }),
  ...(stale === 'expire' ? [on(make(5000), 'expired', { effects: EXPIRY })] : []),
]

/** What every signed-in state (active or warning) accepts. */
const signedInAccepts = [
  on({ type: 'ACTIVITY' }, 'active', { context: { elapsedMs: 0 }, effects: ['shareActivity'] }),
  ...placed(clockSync, 'expire'),
  on({ type: 'SIGN_OUT' }, 'signingOut'),
  on({ type: 'REMOTE_SIGNED_OUT' }, 'signedOut', { effects: SIGNED_OUT }),
  on({ type: 'API_UNAUTHORIZED' }, 'expired', { effects: EXPIRY }),
]

function row(accepts: ReturnType<typeof on>[]): StateRow {
  return { accepts, refuses: except(UNIVERSE, ...accepts.map((a) => a.event)) }
}

function warningRow(seconds: number, prompt: 'asking' | 'extending'): StateRow {
  const tick =
    seconds > 1
      ? on(TICK, warning(seconds - 1, prompt), { context: { remaining: seconds - 1 } })
      : on(TICK, 'expired', { effects: EXPIRY })
  return row([
    ...signedInAccepts,
    tick,
    ...(prompt === 'asking'
      ? [on({ type: 'STAY' }, warning(seconds, 'extending'))]
      : [
          on(EXTENDED, 'active', {
            context: { idleSeconds: 10, elapsedMs: 0 },
            effects: ['shareActivity'],
          }),
          on(EXTEND_FAILED, warning(seconds, 'asking'), { effects: ['notifyExtendFailed'] }),
        ]),
  ])
}

export const SESSION_TABLE: StateTable = {
  signedOut: row(placed(signedIn, 'expire')),
  active: row([
    ...signedInAccepts,
    on(AFTER_WARNING, warning(2, 'asking'), { context: { remaining: 2 } }),
  ]),
  ...Object.fromEntries(
    [2, 1].flatMap((s) =>
      (['asking', 'extending'] as const).map((p) => [warning(s, p), warningRow(s, p)]),
    ),
  ),
  // A stale record (already past its end) is not a new session: refused, nothing said again.
  expired: row(placed(signedIn, 'ignore')),
  // 401s while signing out are the sign-out, not an expiry: refused.
  signingOut: row([
    on(LOGGED_OUT, 'signedOut', { effects: SIGNED_OUT }),
    on(LOGOUT_FAILED, 'signedOut', { effects: SIGNED_OUT }),
  ]),
}

/** The 403 rule, a table of its own: it holds in every state alike. */
export const FORBIDDEN_UNIVERSE: TableEvent[] = [
  { type: 'API_FORBIDDEN' },
  { type: 'NAVIGATED', forbiddenPage: true },
  { type: 'NAVIGATED', forbiddenPage: false },
]
export const FORBIDDEN_TABLE: StateTable = {
  armed: {
    accepts: [on({ type: 'API_FORBIDDEN' }, 'handled', { effects: ['goToForbidden'] })],
    refuses: [
      { type: 'NAVIGATED', forbiddenPage: true },
      { type: 'NAVIGATED', forbiddenPage: false },
    ],
  },
  handled: {
    accepts: [on({ type: 'NAVIGATED', forbiddenPage: false }, 'armed')],
    refuses: [{ type: 'API_FORBIDDEN' }, { type: 'NAVIGATED', forbiddenPage: true }],
  },
}
