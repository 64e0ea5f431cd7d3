/**
 * The session machine at work in this tab: one actor for the page's life, its side effects
 * supplied here, fed by the API client's events, the router, and the other tabs of the browser
 * (localStorage `storage` events on the shared user record and activity clock).
 */
import type { AnyRouter } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { createActor, fromPromise } from 'xstate'
import { call } from '../../api/client'
import { onApiEvent, type ApiEvent } from '../../api/events'
import {
  clearSessionStorage,
  hasFullSession,
  readJson,
  readUser,
  STORAGE_KEYS,
  writeJson,
} from '../../api/storage'
import { setLanguage } from '../../i18n'
import { parseLanguage } from '../../i18n/languages'
import { sessionMachine, type SessionEvent, type SessionPhase } from '../../machines/session'
import { queryClient } from '../../queryClient'
import { encodeRefusal } from '../errors/fromSearch'
import { forgetMenus, refreshMenus } from '../menus/queries'
import { resetTabs } from '../tabs/store'
import { dismissNotice, raiseNotice } from './notices'

/** Set once the root route mounts; the machine's actions need the router to navigate. */
const deps: { router: AnyRouter | null } = { router: null }

/** Pages worth returning to after signing in again: the protected ones. */
const PROTECTED_PREFIXES = ['/main']

function currentHref(): string | undefined {
  const loc = deps.router?.state.location
  if (!loc) return undefined
  return onProtectedPage(loc.pathname) ? loc.href : undefined
}

function navigate(to: string, search?: Record<string, string>) {
  void deps.router?.navigate({ to, search } as never)
}

function onProtectedPage(pathname: string): boolean {
  return PROTECTED_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`))
}

/** Runs `fn` now if no protected page shows, else once the router has left them. */
function afterLeavingProtectedPages(fn: () => void) {
  const router = deps.router
  if (!router || !onProtectedPage(router.state.location.pathname)) return fn()
  const stop = router.subscribe('onResolved', ({ toLocation }) => {
    if (onProtectedPage(toLocation.pathname)) return
    stop()
    fn()
  })
}

function goToLogin(withReturn: boolean) {
  const from = withReturn ? currentHref() : undefined
  navigate('/login', from ? { from } : undefined)
}

const sessionLogic = sessionMachine.provide({
  actions: {
    clearSession: () => {
      clearSessionStorage()
      resetTabs()
      const qc = queryClient
      // Stop first: nothing may call the server again with the ended session. Emptying the
      // cache while the shell still shows makes its screens fetch again (a 401 for each), so
      // the cache goes once the console has left the protected pages.
      void qc.cancelQueries()
      afterLeavingProtectedPages(() => {
        forgetMenus(qc)
        qc.clear()
      })
    },
    announceExpired: () => raiseNotice('expired'),
    // Signing out on purpose leaves no return path; an expiry or another tab's sign-out does.
    goToLogin: ({ event }) => goToLogin(!event.type.endsWith('.actor.logout')),
    goToForbidden: ({ event }) => {
      // The page the user was on: a 403 during a navigation refuses the page being opened.
      const state = deps.router?.state
      const from = (state?.resolvedLocation ?? state?.location)?.href
      const refusal = event.type === 'API_FORBIDDEN' ? event.refusal : undefined
      navigate('/error-403', {
        ...(from && { from }),
        ...(refusal && { refusal: encodeRefusal(refusal) }),
      })
    },
    shareActivity: () => writeJson(STORAGE_KEYS.activity, Date.now()),
    notifyExtendFailed: () => raiseNotice('extendFailed'),
  },
  actors: {
    extendSession: fromPromise<{ idleSeconds?: number }>(async () => {
      dismissNotice('extendFailed')
      // Background: the explicit extension is not "activity" twice over; the machine restarts
      // its clock when this answers.
      const data = await call('/flushTokenTime', undefined, { background: true })
      return { idleSeconds: data.idleSeconds }
    }),
    endSession: fromPromise(async () => {
      await call('/logout', undefined, { background: true }).catch(() => undefined)
    }),
  },
})

export const sessionActor = createActor(sessionLogic)

export function sendSession(event: SessionEvent): void {
  sessionActor.send(event)
}

/** Time gone on the browser's shared idle clock. */
function elapsedOnSharedClock(): number {
  const at = readJson<number>(STORAGE_KEYS.activity, 0)
  return at > 0 ? Math.max(0, Date.now() - at) : 0
}

function signedInEvent(): SessionEvent | null {
  const user = readUser()
  if (!user || !hasFullSession()) return null
  return {
    type: 'SIGNED_IN',
    idleSeconds: user.idleSeconds,
    warningSeconds: user.warningSeconds,
    elapsedMs: elapsedOnSharedClock(),
  }
}

function onStorage(e: StorageEvent) {
  if (e.storageArea !== localStorage) return
  if (e.key === null || e.key === STORAGE_KEYS.user) {
    const signedIn = signedInEvent()
    if (signedIn) sendSession(signedIn)
    else if (!readUser()) sendSession({ type: 'REMOTE_SIGNED_OUT' })
  } else if (e.key === STORAGE_KEYS.activity && e.newValue) {
    sendSession({ type: 'CLOCK_SYNC', elapsedMs: elapsedOnSharedClock() })
  }
}

function onVisible() {
  if (document.visibilityState === 'visible' && hasFullSession()) {
    sendSession({ type: 'CLOCK_SYNC', elapsedMs: elapsedOnSharedClock() })
  }
}

let started = false

function onApiEventForSession(e: ApiEvent) {
  if (e.type === 'api.unauthorized') sendSession({ type: 'API_UNAUTHORIZED' })
  else if (e.type === 'api.forbidden') sendSession({ type: 'API_FORBIDDEN', refusal: e.refusal })
  else if (e.type === 'api.rightsRefused') refreshMenus(queryClient)
  else if (e.type === 'api.activity') sendSession({ type: 'ACTIVITY' })
  else if (e.type === 'session.signedIn') onSignedIn()
}

/**
 * Starts the session for this tab, once: before the first protected navigation, so even a 401
 * from the very first menu call reaches the machine (src/shell/session/load.ts loads it).
 */
export function startSession(earlier: readonly ApiEvent[] = []): void {
  if (started) return
  started = true
  sessionActor.start()
  const restored = signedInEvent()
  if (restored) sendSession(restored)
  // What the API client reported before this module loaded (src/shell/session/load.ts).
  for (const e of earlier) onApiEventForSession(e)
  onApiEvent(onApiEventForSession)
  window.addEventListener('storage', onStorage)
  document.addEventListener('visibilitychange', onVisible)
}

/**
 * Gives the machine's navigation actions their router (the root route mounts with it).
 * Returns the router subscription's cleanup.
 * @public Called through the lazily imported module (load.ts), which knip does not follow.
 */
export function connectSession(router: AnyRouter): () => void {
  deps.router = router
  return router.subscribe('onResolved', ({ toLocation }) => {
    sendSession({ type: 'NAVIGATED', forbiddenPage: toLocation.pathname === '/error-403' })
  })
}

/** A fresh sign-in on this page: new grants, the user's own language, no stale messages. */
function onSignedIn() {
  forgetMenus(queryClient)
  dismissNotice('expired')
  const user = readUser()
  if (user?.language) void setLanguage(parseLanguage(user.language))
  const event = signedInEvent()
  if (event) sendSession(event)
}

/** "Stay signed in" from anywhere: in the warning it is the machine's; otherwise any call is. */
export function staySignedIn(): void {
  const snap = sessionActor.getSnapshot()
  if (snap.matches('warning')) sendSession({ type: 'STAY' })
  else void call('/flushTokenTime').catch(() => undefined)
}

export function signOut(): void {
  sendSession({ type: 'SIGN_OUT' })
}

export function useSessionPhase(): SessionPhase {
  return useSelector(sessionActor, (s) => {
    const v = s.value
    return (typeof v === 'string' ? v : Object.keys(v)[0]) as SessionPhase
  })
}

export function useSessionCountdown(): { remaining: number; extending: boolean } {
  const remaining = useSelector(sessionActor, (s) => s.context.remaining)
  const extending = useSelector(sessionActor, (s) =>
    s.matches({ warning: { prompt: 'extending' } }),
  )
  return { remaining, extending }
}
