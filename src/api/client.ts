import createClient, { type Middleware } from 'openapi-fetch'
import { currentLanguage, i18n } from '../i18n'
import { BACKGROUND_HEADER, LANGUAGE_HEADER, toWire } from '../i18n/languages'
import { refusalOf } from '../lib/refusal'
import { emitApiEvent } from './events'
import type { paths } from './schema'
import { readUser } from './storage'

/** Spec §9: every call times out after 60 000 ms. */
export const REQUEST_TIMEOUT_MS = 60_000
export const API_BASE = '/admin'

export interface FieldError {
  field: string
  message: string
}

/** A refused call: the envelope's code and localised msg, and field errors for a 400. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status: number,
    readonly fieldErrors: FieldError[] = [],
  ) {
    super(message)
  }
}

const timeoutFetch = (request: Request) =>
  fetch(new Request(request, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }))

/**
 * Spec §4/§8 session rules, as events for the session machine: 401 (status or body code) →
 * unauthorized; 403 → forbidden, with the refusal the body names (a 1403 "view only" refusal
 * is shown where it happened instead); any 403, 1403 too, → rights refused (the shell asks for
 * the menus again: the role changed under the screen); a 200 to a call that is not a
 * background call → activity.
 */
export const sessionMiddleware: Middleware = {
  onRequest({ request }) {
    const token = readUser()?.token
    if (token) request.headers.set('Authorization', `Bearer ${token}`)
    request.headers.set(LANGUAGE_HEADER, toWire(currentLanguage()))
    return request
  },
  async onResponse({ request, response }) {
    const body = await response
      .clone()
      .json()
      .then((b: { code?: number; data?: unknown } | null) => b ?? {})
      .catch(() => ({}) as { code?: number; data?: unknown })
    const { code } = body
    if (response.status === 401 || code === 401) emitApiEvent({ type: 'api.unauthorized' })
    else if (response.status === 403 || code === 403 || code === 1403) {
      emitApiEvent({ type: 'api.rightsRefused' })
      if (code !== 1403) emitApiEvent({ type: 'api.forbidden', refusal: refusalOf(body.data) })
    } else if (response.status === 200 && request.headers.get(BACKGROUND_HEADER) !== '1') {
      emitApiEvent({ type: 'api.activity' })
    }
    return response
  },
}

export const client = createClient<paths>({ baseUrl: API_BASE, fetch: timeoutFetch })
client.use(sessionMiddleware)

export type PostPath = {
  [P in keyof paths]: paths[P] extends { post: object } ? P : never
}[keyof paths]
type Op<P extends PostPath> = paths[P] extends { post: infer O } ? O : never
export type BodyOf<P extends PostPath> =
  Op<P> extends { requestBody: { content: { 'application/json': infer B } } } ? B : undefined
export type DataOf<P extends PostPath> =
  Op<P> extends { responses: { 200: { content: { 'application/json': { data: infer D } } } } }
    ? D
    : never

export interface CallOptions {
  /** Not user activity: does not keep the session alive (spec: the "do not clear" header). */
  background?: boolean
}

/**
 * The one way the console calls the API: POST with a JSON body, answer unwrapped from the
 * envelope; anything but code 0 is thrown as an ApiError with the server's localised msg.
 */
export async function call<P extends PostPath>(
  path: P,
  body?: BodyOf<P>,
  opts: CallOptions = {},
): Promise<DataOf<P>> {
  let result: { response: Response; data?: unknown; error?: unknown }
  try {
    result = await client.POST(
      path as never,
      {
        body: (body ?? {}) as never,
        headers: opts.background ? { [BACKGROUND_HEADER]: '1' } : undefined,
      } as never,
    )
  } catch {
    throw new ApiError(-1, i18n.t('errors:requestError'), 0)
  }
  const envelope = (result.data ?? result.error) as
    { code: number; msg: string; data: unknown } | undefined
  if (!envelope || typeof envelope.code !== 'number') {
    throw new ApiError(-1, i18n.t('errors:requestErrorEmpty'), result.response.status)
  }
  if (envelope.code !== 0) {
    const fieldErrors = (envelope.data as { fieldErrors?: FieldError[] } | null)?.fieldErrors ?? []
    throw new ApiError(envelope.code, envelope.msg, result.response.status, fieldErrors)
  }
  return envelope.data as DataOf<P>
}
