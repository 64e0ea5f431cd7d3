/**
 * Messages the session machine raises for the user, kept outside React so they outlive the
 * page that was showing when they came (the expiry message must still be there on /login).
 */
import { useSyncExternalStore } from 'react'

export type SessionNotice = 'expired' | 'extendFailed'

let notices: ReadonlySet<SessionNotice> = new Set()
const listeners = new Set<() => void>()

function publish(next: ReadonlySet<SessionNotice>) {
  notices = next
  for (const l of listeners) l()
}

export function raiseNotice(n: SessionNotice): void {
  publish(new Set([...notices, n]))
}

export function dismissNotice(n: SessionNotice): void {
  if (!notices.has(n)) return
  publish(new Set([...notices].filter((x) => x !== n)))
}

function subscribe(l: () => void) {
  listeners.add(l)
  return () => listeners.delete(l)
}

export function useNotice(n: SessionNotice): boolean {
  const shown = () => notices.has(n)
  // The same on the server: the build's render of the sign-in page has no notice.
  return useSyncExternalStore(subscribe, shown, shown)
}
