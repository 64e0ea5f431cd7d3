import { createRoute, z } from '@hono/zod-openapi'
import { describePermission, type Permission } from '../auth/permissions'
import { authorize } from './authorize'
import { envelope, ErrorEnvelope } from './envelope'
import type { Rule } from './errors'

const errorContent = { 'application/json': { schema: ErrorEnvelope } }

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
}

type JsonBody<B> = B extends z.ZodType
  ? { body: { content: { 'application/json': { schema: B } }; required: true } }
  : { body?: undefined }

/**
 * The one way to declare an API call: `POST /admin/<area>/<action>` with a JSON body, the
 * envelope answer, the permission it needs (enforced here and shown as x-permission) and the
 * business codes it may answer with (x-error-codes).
 */
export function action<B extends z.ZodType | undefined, D extends z.ZodType>(
  spec: ActionSpec<B, D>,
) {
  return createRoute({
    method: spec.method ?? 'post',
    path: spec.path,
    tags: [spec.tag],
    summary: spec.summary,
    middleware: [authorize(spec.permission)] as const,
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
      200: {
        description: 'Success: code 0',
        content: { 'application/json': { schema: envelope(spec.data) } },
      },
      400: { description: 'Invalid input, with field errors', content: errorContent },
      ...(spec.permission.kind === 'public'
        ? {}
        : {
            401: { description: 'No session, or it expired', content: errorContent },
            403: { description: 'Not permitted', content: errorContent },
          }),
      422: {
        description: 'A business rule refused the call (see x-error-codes)',
        content: errorContent,
      },
    },
    'x-permission': describePermission(spec.permission),
    'x-error-codes': (spec.rules ?? []).map((r) => r.code),
  })
}
