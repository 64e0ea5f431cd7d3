import type { Refusal } from '../lib/refusal'

/**
 * What the API client reports to the session machine (src/machines/session.ts): it does not
 * navigate or show messages itself, so the rules live in one place.
 */
export type ApiEvent =
  | { type: 'api.unauthorized' }
  /** A 403 that leaves the page (not the view-only 1403), with the refusal it names. */
  | { type: 'api.forbidden'; refusal?: Refusal }
  /** Any 403 (1403 too): the caller's rights changed under it, so its menus are asked again. */
  | { type: 'api.rightsRefused' }
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
