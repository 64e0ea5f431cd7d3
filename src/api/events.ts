/**
 * What the API client reports to the session machine (src/machines/session.ts): it does not
 * navigate or show messages itself, so the rules live in one place.
 */
export type ApiEvent =
  | { type: 'api.unauthorized' }
  | { type: 'api.forbidden' }
  | { type: 'api.activity' }
  /** A sign-in completed on this page (the login screens hand the session over). */
  | { type: 'session.signedIn' }

type Listener = (event: ApiEvent) => void
const listeners = new Set<Listener>()

export function onApiEvent(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function emitApiEvent(event: ApiEvent): void {
  for (const l of listeners) l(event)
}
