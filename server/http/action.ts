import { createRoute, z } from '@hono/zod-openapi'
import type { MiddlewareHandler } from 'hono'
import { describePermission, type Permission } from '../auth/permissions'
import { authorize } from './authorize'
import { bodyCheck } from './bodyGuard'
import { envelope } from './envelope'
import type { Rule } from './errors'
import { refusalResponses } from './statuses'

interface ActionSpec<B extends z.ZodType | undefined, D extends z.ZodType> {
  /** Path under /admin, e.g. '/dict/query'. */
  path: string
  method?: 'post' | 'get'
  tag: string
  summary: string
  permission: Permission
  body?: B
  query?: z.ZodObject
  data: D
  /** The business rules this call may refuse with, listed in the contract. */
  rules?: Rule[]
  /**
   * A download instead of the JSON envelope: the media types the 200 answer may have (an
   * export). Refusals still answer the envelope.
   */
  file?: string[]
  /**
   * Keep the body's exact bytes for the handler (`await c.req.text()`), e.g. to check a
   * signature over them: read as text before any JSON parsing, which would otherwise be cached.
   */
  rawBody?: boolean
}

const keepRawBody: MiddlewareHandler = async (c, next) => {
  await c.req.text()
  return next()
}

type JsonBody<B> = B extends z.ZodType
  ? { body: { content: { 'application/json': { schema: B } }; required: true } }
  : { body?: undefined }

/**
 * A stable, unique operation name from the path: `/dict/save` → `dictSave`,
 * `/public/password/reset/send_email` → `publicPasswordResetSendEmail` (GET calls get a `get`
 * prefix, so a path may serve both methods).
 */
export function operationId(method: string, path: string): string {
  const words = path.split(/[^A-Za-z0-9]+/).filter(Boolean)
  const camel = words
    .map((w, i) => (i === 0 ? w[0].toLowerCase() : w[0].toUpperCase()) + w.slice(1))
    .join('')
  return method === 'post' ? camel : method + camel[0].toUpperCase() + camel.slice(1)
}

/**
 * The one way to declare an API call: `POST /admin/<area>/<action>` with a JSON body, the
 * envelope answer, the permission it needs (enforced here and shown as x-permission) and the
 * business codes it may answer with (x-error-codes).
 */
export function action<B extends z.ZodType | undefined, D extends z.ZodType>(
  spec: ActionSpec<B, D>,
) {
  const isPublic = spec.permission.kind === 'public'
  return createRoute({
    method: spec.method ?? 'post',
    path: spec.path,
    operationId: operationId(spec.method ?? 'post', spec.path),
    tags: [spec.tag],
    summary: spec.summary,
    // Protected calls take the session token as `Authorization: Bearer`; saying so lets a
    // generated client (and the reference's "Try it out") send it. Public calls need nothing.
    security: isPublic ? [] : [{ bearer: [] }],
    // The session first (401 before anything about the body), then the body gate.
    middleware: spec.rawBody
      ? ([keepRawBody, authorize(spec.permission), bodyCheck] as const)
      : ([authorize(spec.permission), bodyCheck] as const),
    // Typed by hand: the spread of a conditional leaves `body` optional, and zod-openapi then
    // types `c.req.valid('json')` as never. With a body schema, `body` is always there.
    request: {
      ...(spec.body
        ? {
            body: {
              content: { 'application/json': { schema: spec.body as Exclude<B, undefined> } },
              required: true,
            },
          }
        : {}),
      ...(spec.query ? { query: spec.query } : {}),
    } as JsonBody<B> & { query?: z.ZodObject },
    responses: {
      200: spec.file
        ? {
            description: 'The file (Content-Disposition: attachment; X-Total-Count: its rows)',
            content: Object.fromEntries(
              spec.file.map((type) => [type, { schema: z.string().openapi({ format: 'binary' }) }]),
            ),
          }
        : {
            description: 'Success: code 0',
            content: { 'application/json': { schema: envelope(spec.data) } },
          },
      ...refusalResponses(spec.permission, spec.rules, [spec.body, spec.query]),
    },
    'x-permission': describePermission(spec.permission),
    'x-error-codes': (spec.rules ?? []).map((r) => r.code),
  })
}
