/**
 * The session machine (XState and its runtime) is not part of the sign-in pages' first load:
 * it is loaded when a session exists or begins — at start with a stored sign-in, at a sign-in
 * on this page, and before any protected page (the /main route awaits it, so even a 401 from
 * the first menu call reaches the machine). Until then the API client's events are kept and
 * handed over in order when it starts.
 */
import type { AnyRouter } from '@tanstack/react-router'
import { useSyncExternalStore } from 'react'
import { onApiEvent, type ApiEvent } from '../../api/events'
import { readUser } from '../../api/storage'

type Runtime = typeof import('./runtime')

const early: ApiEvent[] = []
const stopKeeping = onApiEvent((e) => {
  early.push(e)
  if (e.type === 'session.signedIn') void loadSession()
})

let runtime: Runtime | null = null
let loading: Promise<Runtime> | null = null
const listeners = new Set<() => void>()
const shell: { router: AnyRouter | null } = { router: null }
let disconnect: (() => void) | null = null

function connect() {
  if (runtime && shell.router && !disconnect) {
    disconnect = runtime.connectSession(shell.router)
  }
}

/** Loads and starts the session machine, once; later calls get the same runtime. */
export function loadSession(): Promise<Runtime> {
  loading ??= import('./runtime').then((m) => {
    stopKeeping()
    runtime = m
    connect() // first: a replayed sign-in drops the previous user's cached menus
    m.startSession(early.splice(0))
    for (const l of listeners) l()
    return m
  })
  return loading
}

/**
 * The root route's part: hands the machine the router (now, or when it loads) and starts it
 * at once if this browser holds a sign-in. Returns the cleanup.
 */
export function attachSession(router: AnyRouter): () => void {
  shell.router = router
  connect()
  if (readUser()) void loadSession()
  return () => {
    disconnect?.()
    disconnect = null
    shell.router = null
  }
}

function subscribe(l: () => void) {
  listeners.add(l)
  return () => listeners.delete(l)
}

/** Whether the machine runs yet: its dialogs are rendered only then. */
export function useSessionLoaded(): boolean {
  const loaded = () => runtime !== null
  // The same on the server: the build's render of the sign-in page has no session.
  return useSyncExternalStore(subscribe, loaded, loaded)
}
