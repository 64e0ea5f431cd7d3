import type { z } from '@hono/zod-openapi'
import type { Permission } from '../auth/permissions'
import { ErrorEnvelope } from './envelope'
import type { Rule } from './errors'

const errorContent = { 'application/json': { schema: ErrorEnvelope } }

/** What each refusal status means, as the contract says it. */
const MEANING = {
  400: 'Invalid input, with field errors',
  401: 'No session, or it expired (or the caller could not be verified)',
  403: 'Not permitted',
  404: 'Something the call names does not exist or is not visible to the caller',
  409: 'The call conflicts with the current state',
  413: 'The body is larger than the limit',
  415: 'The body is not application/json',
  422: 'A business rule refused the call (see x-error-codes)',
  429: 'Too many attempts: wait, then try again',
  500: 'An unexpected fault of ours; nothing is acknowledged',
  502: 'A channel did not answer as expected',
  503: 'The database connection was lost; nothing was done, retry',
} as const

/** A status an operation may refuse with. */
export type RefusalStatus = keyof typeof MEANING

/**
 * The refusal statuses an operation declares, built the same way for every operation (so the
 * contract lists every status a call can answer; the API test harness fails on any other):
 * - every call can refuse its input (400), its body's size (413) or type (415), a business
 *   rule (422), fail on a lost database (503) or an unexpected fault (500);
 * - a call behind a session can answer 401 and 403;
 * - a call that names something by id (a body or query field `id`, `ids`, `…Id`, `…Ids`) can
 *   answer 404: the id may be unknown, or out of the caller's reach, which answers alike;
 * - and each business rule the call lists in `rules` adds its own status (a `notFound` rule
 *   adds 404, `tooManyRequests` 429, a channel's `badSignature` 401 on a public call, …).
 */
export function refusalStatuses(
  permission: Permission,
  rules: readonly Rule[] = [],
  inputs: readonly (z.ZodType | undefined)[] = [],
): RefusalStatus[] {
  const statuses = new Set<RefusalStatus>([400, 413, 415, 422, 500, 503])
  if (inputs.some((input) => input && fieldNames(input).some(isIdField))) statuses.add(404)
  if (permission.kind !== 'public') {
    statuses.add(401)
    statuses.add(403)
  }
  for (const r of rules) {
    if (!(r.status in MEANING)) {
      throw new Error(`rule ${r.code} answers ${r.status}: say what it means in MEANING`)
    }
    statuses.add(r.status as RefusalStatus)
  }
  return [...statuses].sort((a, b) => a - b)
}

/** The `responses` entries for `refusalStatuses`, each answering the error envelope. */
export function refusalResponses(
  permission: Permission,
  rules: readonly Rule[] = [],
  inputs: readonly (z.ZodType | undefined)[] = [],
): { [S in RefusalStatus]?: { description: string; content: typeof errorContent } } {
  return Object.fromEntries(
    refusalStatuses(permission, rules, inputs).map((status) => [
      status,
      { description: MEANING[status], content: errorContent },
    ]),
  )
}

const isIdField = (name: string) => /^(id|ids)$|[a-z](Id|Ids)$/.test(name)

/** The top-level field names of an input schema (each option's, for a union). */
function fieldNames(schema: z.ZodType): string[] {
  const def = (schema as { def?: { type?: string; options?: z.ZodType[]; in?: z.ZodType } }).def
  if (def?.type === 'union' && def.options) return def.options.flatMap(fieldNames)
  if (def?.type === 'pipe' && def.in) return fieldNames(def.in)
  const shape = (schema as { shape?: Record<string, unknown> }).shape
  return shape ? Object.keys(shape) : []
}
