import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { isSafeText } from '../../src/lib/validators'
import type { AppEnv } from './context'
import { BizError, CommonRules } from './errors'

/**
 * The request body's gate, before any route sees it (issue 7, items 4, 5 and 7):
 * - larger than the limit → 413 with the envelope, without buffering more than the limit;
 * - a body that is not `application/json` → 415;
 * - JSON that does not parse → 400 (code 400, no field errors);
 * - nested deeper than MAX_DEPTH, or any string (value or key) holding NUL or an unpaired
 *   surrogate → 400 with a field error, whatever the route's schema says, so a field a schema
 *   forgot to restrict can still never carry them to the database.
 */
export const MAX_DEPTH = 32

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export function isJsonType(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase()
  return type === 'application/json' || /^application\/[\w.+-]+\+json$/.test(type)
}

/** The first problem found in a parsed body: the field's path and the message key. */
export function unsafeField(
  value: unknown,
): { field: string; key: 'unsafeText' | 'tooDeep' } | null {
  // Iterative, so a deep body cannot exhaust the stack.
  const stack: { v: unknown; path: string[] }[] = [{ v: value, path: [] }]
  while (stack.length) {
    const { v, path } = stack.pop()!
    if (typeof v === 'string') {
      if (!isSafeText(v)) return { field: path.join('.'), key: 'unsafeText' }
    } else if (v && typeof v === 'object') {
      if (path.length >= MAX_DEPTH) return { field: path.join('.'), key: 'tooDeep' }
      for (const [k, child] of Object.entries(v)) {
        if (!isSafeText(k)) return { field: path.join('.'), key: 'unsafeText' }
        stack.push({ v: child, path: [...path, k] })
      }
    }
  }
  return null
}

/**
 * The length the request declares, or null when the headers do not settle it (no
 * Content-Length, or chunked). Read from the headers rather than `c.req.raw.body`: on the node
 * server that getter builds a full web Request (stream, abort signal) for every call, which
 * a JSON body read through `c.req.json()` never needs (throughput, issue 7).
 */
function declaredLength(c: Context): number | null {
  const length = c.req.header('content-length')
  if (length === undefined || c.req.header('transfer-encoding') !== undefined) return null
  return Number.parseInt(length, 10) || 0
}

/**
 * Whether the request carries body bytes. Without a declared length the stream is read (Hono
 * caches the text for the route): on the node server every POST has a stream, also one sent
 * with neither Content-Length nor Transfer-Encoding — a body of length zero (RFC 9112 §6.3),
 * which a call declaring no request body must be able to send without a content type.
 */
async function hasBody(c: Context): Promise<boolean> {
  const length = declaredLength(c)
  if (length !== null) return length > 0
  if (c.req.raw.body === null) return false
  return (await c.req.text()).length > 0
}

/** 413 before anything else reads the body (app-wide: also for unknown paths). */
export function bodySizeLimit(): MiddlewareHandler<AppEnv> {
  // Built on first use: the limit comes from the request's deps (BODY_LIMIT_BYTES).
  let limit: MiddlewareHandler | null = null
  const limitOf = (maxBytes: number) =>
    (limit ??= bodyLimit({
      maxSize: maxBytes,
      onError: () => {
        throw new BizError(CommonRules.payloadTooLarge, { limit: maxBytes })
      },
    }))
  return async (c, next) => {
    if (!WITH_BODY.has(c.req.method)) return next()
    const maxBytes = c.var.deps.config.BODY_LIMIT_BYTES
    // A declared length is judged without touching the body (what bodyLimit would do too,
    // after building the request's stream); a body without one is counted as it streams in.
    const length = declaredLength(c)
    if (length === null) return limitOf(maxBytes)(c, next)
    if (length > maxBytes) throw new BizError(CommonRules.payloadTooLarge, { limit: maxBytes })
    return next()
  }
}

/**
 * Content type, JSON syntax, depth and unsafe text. Runs per route after `authorize` (see
 * `action()`), so a caller without a session learns 401 before anything about the body.
 */
export const bodyCheck: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!WITH_BODY.has(c.req.method) || !(await hasBody(c))) return next()
  if (!isJsonType(c.req.header('content-type'))) {
    throw new BizError(CommonRules.unsupportedMediaType)
  }
  let parsed: unknown
  try {
    // Hono caches the parsed body: the route's validator reads this same value.
    parsed = await c.req.json()
  } catch (e) {
    if (e instanceof BizError) throw e
    throw new BizError(CommonRules.invalidInput, {}, { fieldErrors: [] })
  }
  const bad = unsafeField(parsed)
  if (bad) {
    throw new BizError(
      CommonRules.invalidInput,
      {},
      {
        fieldErrors: [{ field: bad.field, message: c.var.t(`validation:${bad.key}`) }],
      },
    )
  }
  return next()
}
