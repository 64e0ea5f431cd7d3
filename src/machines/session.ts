/**
 * The session lifecycle of one console tab (spec §4): signed out → active ⇄ warning → expired,
 * the 401-once and 403-once rules, and the shared idle clock of the browser's tabs.
 *
 * Pure and isomorphic: it reads no clock and touches no storage. Time reaches it as delays
 * (`after`, run by the actor's clock) and as `elapsedMs` on the events that carry the shared
 * clock; every side effect is a named action or actor that the console supplies through
 * `.provide()` (src/shell/session/runtime.ts) and the tests replace.
 */
import { assign, fromPromise, setup } from 'xstate'
import type { Refusal } from '../lib/refusal'

export interface SessionTimes {
  /** Seconds of inactivity after which the server ends the session (from the login answer). */
  idleSeconds: number
  /** Seconds before that end when the warning shows (from the login answer). */
  warningSeconds: number
}

export interface SessionContext extends SessionTimes {
  /** Time already gone on the shared idle clock when the current active stretch began. */
  elapsedMs: number
  /** Whole seconds left, shown as mm:ss while warning. */
  remaining: number
  /** The 403 guard flag: one redirect per visit to the 403 page, however many calls fail. */
  forbiddenHandled: boolean
}

export type SessionEvent =
  /** A session began or was found: this tab's sign-in, a restored tab, another tab's sign-in. */
  | ({ type: 'SIGNED_IN'; elapsedMs: number } & SessionTimes)
  /** A user call of this tab was answered 200 (background calls do not count). */
  | { type: 'ACTIVITY' }
  /** The shared clock as it stands: another tab's activity, or this tab shown again. */
  | { type: 'CLOCK_SYNC'; elapsedMs: number }
  /** "Stay signed in" in the warning. */
  | { type: 'STAY' }
  | { type: 'SIGN_OUT' }
  /** Another tab signed out or its session ended: the shared user record is gone. */
  | { type: 'REMOTE_SIGNED_OUT' }
  /** HTTP 401 or body code 401. */
  | { type: 'API_UNAUTHORIZED' }
  /** HTTP 403 or body code 403, with the refusal the answer names (the 403 page says it). */
  | { type: 'API_FORBIDDEN'; refusal?: Refusal }
  /** The router settled on a page; leaving the 403 page re-arms the 403 rule. */
  | { type: 'NAVIGATED'; forbiddenPage: boolean }

export const INITIAL_CONTEXT: SessionContext = {
  idleSeconds: 0,
  warningSeconds: 0,
  elapsedMs: 0,
  remaining: 0,
  forbiddenHandled: false,
}

/** Milliseconds from the start of an active stretch until the warning shows. */
export function untilWarningMs(c: SessionContext): number {
  return Math.max(0, (c.idleSeconds - c.warningSeconds) * 1000 - c.elapsedMs)
}

/** The session times an event brings, or those already known. */
function timesOf(c: SessionContext, e: SessionEvent): SessionTimes {
  return e.type === 'SIGNED_IN'
    ? { idleSeconds: e.idleSeconds, warningSeconds: e.warningSeconds }
    : { idleSeconds: c.idleSeconds, warningSeconds: c.warningSeconds }
}

const elapsedOf = (e: SessionEvent) =>
  e.type === 'SIGNED_IN' || e.type === 'CLOCK_SYNC' ? e.elapsedMs : 0

/** Where the shared clock puts a session: past its end, inside the warning, or before it. */
const pastExpiry = (c: SessionContext, e: SessionEvent) =>
  elapsedOf(e) >= timesOf(c, e).idleSeconds * 1000
const pastWarning = (c: SessionContext, e: SessionEvent) => {
  const t = timesOf(c, e)
  return elapsedOf(e) >= (t.idleSeconds - t.warningSeconds) * 1000
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actions: {
    // Side effects, supplied by the console (and recorded by the tests).
    /** Forget the user record, tabs and menu cache in this browser. */
    clearSession: () => {},
    /** Show "Login has expired, please log in again" (once: `expired` ignores further 401s). */
    announceExpired: () => {},
    /** Go to /login, remembering where the user was. */
    goToLogin: () => {},
    /** Go to /error-403?from=<the page the user was on>&refusal=<which refusal>. */
    goToForbidden: () => {},
    /** Stamp the shared clock so the other tabs restart theirs. */
    shareActivity: () => {},
    /** Tell the user "stay signed in" failed; the countdown goes on. */
    notifyExtendFailed: () => {},

    adoptClock: assign(({ context, event }) => {
      const t = timesOf(context, event)
      const elapsedMs = elapsedOf(event)
      return {
        ...t,
        elapsedMs,
        remaining: Math.max(0, Math.ceil((t.idleSeconds * 1000 - elapsedMs) / 1000)),
      }
    }),
    restartClock: assign({ elapsedMs: 0 }),
    adoptIdleSeconds: assign(({ context, event }) => {
      const out = (event as { output?: { idleSeconds?: number } }).output
      return { idleSeconds: out?.idleSeconds ?? context.idleSeconds, elapsedMs: 0 }
    }),
    startCountdown: assign(({ context }) => ({ remaining: context.warningSeconds })),
    tick: assign(({ context }) => ({ remaining: context.remaining - 1 })),
    markForbidden: assign({ forbiddenHandled: true }),
    rearmForbidden: assign({ forbiddenHandled: false }),
  },
  guards: {
    pastExpiry: ({ context, event }) => pastExpiry(context, event),
    pastWarning: ({ context, event }) => pastWarning(context, event),
    lastSecond: ({ context }) => context.remaining <= 1,
    forbiddenArmed: ({ context }) => !context.forbiddenHandled,
    leftForbiddenPage: ({ context, event }) =>
      context.forbiddenHandled && event.type === 'NAVIGATED' && !event.forbiddenPage,
  },
  actors: {
    /** POST /flushTokenTime; may answer the new idle length. */
    extendSession: fromPromise<{ idleSeconds?: number }>(async () => ({})),
    /** POST /logout; its outcome does not matter, the browser forgets the session anyway. */
    endSession: fromPromise<void>(async () => {}),
  },
  delays: {
    untilWarning: ({ context }) => untilWarningMs(context),
    second: 1000,
  },
}).createMachine({
  id: 'session',
  context: INITIAL_CONTEXT,
  initial: 'signedOut',
  on: {
    API_FORBIDDEN: { guard: 'forbiddenArmed', actions: ['goToForbidden', 'markForbidden'] },
    NAVIGATED: { guard: 'leftForbiddenPage', actions: 'rearmForbidden' },
  },
  states: {
    signedOut: {
      on: {
        SIGNED_IN: [
          { guard: 'pastExpiry', target: 'expired', actions: 'adoptClock' },
          { guard: 'pastWarning', target: 'warning', actions: 'adoptClock' },
          { target: 'active', actions: 'adoptClock' },
        ],
      },
    },
    active: {
      after: { untilWarning: { target: 'warning', actions: 'startCountdown' } },
      on: {
        ACTIVITY: { target: 'active', reenter: true, actions: ['restartClock', 'shareActivity'] },
        CLOCK_SYNC: [
          { guard: 'pastExpiry', target: 'expired', actions: 'adoptClock' },
          { guard: 'pastWarning', target: 'warning', actions: 'adoptClock' },
          { target: 'active', reenter: true, actions: 'adoptClock' },
        ],
        SIGN_OUT: 'signingOut',
        REMOTE_SIGNED_OUT: { target: 'signedOut', actions: ['clearSession', 'goToLogin'] },
        API_UNAUTHORIZED: 'expired',
      },
    },
    warning: {
      type: 'parallel',
      on: {
        ACTIVITY: { target: 'active', actions: ['restartClock', 'shareActivity'] },
        CLOCK_SYNC: [
          { guard: 'pastExpiry', target: 'expired', actions: 'adoptClock' },
          { guard: 'pastWarning', target: 'warning', reenter: true, actions: 'adoptClock' },
          { target: 'active', actions: 'adoptClock' },
        ],
        SIGN_OUT: 'signingOut',
        REMOTE_SIGNED_OUT: { target: 'signedOut', actions: ['clearSession', 'goToLogin'] },
        API_UNAUTHORIZED: 'expired',
      },
      states: {
        // Ticks every second; the last one ends the session.
        countdown: {
          initial: 'ticking',
          states: {
            ticking: {
              after: {
                second: [
                  { guard: 'lastSecond', target: '#session.expired' },
                  { target: 'ticking', reenter: true, actions: 'tick' },
                ],
              },
            },
          },
        },
        // Meanwhile the user may ask to stay; the countdown goes on until the server answers.
        prompt: {
          initial: 'asking',
          states: {
            asking: { on: { STAY: 'extending' } },
            extending: {
              invoke: {
                id: 'extend',
                src: 'extendSession',
                onDone: {
                  target: '#session.active',
                  actions: ['adoptIdleSeconds', 'shareActivity'],
                },
                onError: { target: 'asking', actions: 'notifyExtendFailed' },
              },
            },
          },
        },
      },
    },
    // The state is the 401 guard flag: further 401s find no transition here.
    expired: {
      entry: ['clearSession', 'announceExpired', 'goToLogin'],
      on: {
        SIGNED_IN: [
          // A stale record (already past its end) is not a new session: stay, say nothing more.
          { guard: 'pastExpiry' },
          { guard: 'pastWarning', target: 'warning', actions: 'adoptClock' },
          { target: 'active', actions: 'adoptClock' },
        ],
      },
    },
    // 401s while the sign-out call is under way are the session ending as asked, not expiry.
    signingOut: {
      invoke: {
        id: 'logout',
        src: 'endSession',
        onDone: { target: 'signedOut', actions: ['clearSession', 'goToLogin'] },
        onError: { target: 'signedOut', actions: ['clearSession', 'goToLogin'] },
      },
    },
  },
})

/** Coarse state for the UI: which of the top-level states the session is in. */
export type SessionPhase = 'signedOut' | 'active' | 'warning' | 'expired' | 'signingOut'
