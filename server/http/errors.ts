import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { MessageKey } from '../../src/i18n/keys'

/**
 * A refused business rule: a stable numeric code (listed in the contract), an HTTP status and
 * the key of its localised message. Modules declare theirs with `rule()` and throw
 * `new BizError(rule, params)` from services.
 */
export interface Rule {
  code: number
  status: ContentfulStatusCode
  key: MessageKey
  /**
   * A refused attempt beyond the caller's rights or reach: recorded in the audit log as a
   * refusal (`auditRefusal`, docs/audit.md). Every 403 is one; `refusalRule` marks the others.
   */
  refusal?: boolean
}

const catalog = new Map<number, Rule>()

export function rule(
  code: number,
  key: MessageKey,
  status: ContentfulStatusCode = 422,
  refusal = false,
): Rule {
  const existing = catalog.get(code)
  if (existing && existing.key !== key) {
    throw new Error(`error code ${code} is declared twice (${existing.key}, ${key})`)
  }
  const r: Rule = refusal ? { code, status, key, refusal } : { code, status, key }
  catalog.set(code, r)
  return r
}

/**
 * A rule that refuses what the caller's rights or reach do not allow (the last platform
 * administrator, a merchant out of reach, a grant beyond one's own): answered like any rule and
 * recorded in the audit log as a refusal.
 */
export function refusalRule(
  code: number,
  key: MessageKey,
  status: ContentfulStatusCode = 422,
): Rule {
  return rule(code, key, status, true)
}

/** Whether a rule's refusal is recorded in the audit log. */
export const isRecordedRefusal = (r: Rule) => r.refusal === true || r.status === 403

/** Every declared rule, for the contract's error-code table. */
export function allRules(): Rule[] {
  return [...catalog.values()].sort((a, b) => a.code - b.code)
}

export class BizError extends Error {
  constructor(
    readonly rule: Rule,
    readonly params: Record<string, unknown> = {},
    readonly data: unknown = null,
  ) {
    super(rule.key)
  }
}

/** The envelope-level codes shared by every route. */
export const CommonRules = {
  invalidInput: rule(400, 'refusals:invalidInput', 400),
  unauthenticated: rule(401, 'errors:sessionExpired', 401),
  forbidden: rule(403, 'refusals:forbidden', 403),
  notFound: rule(404, 'refusals:notFound', 404),
  viewOnly: rule(1403, 'errors:viewOnly', 403),
  internal: rule(500, 'errors:requestError', 500),
  /** The body is larger than BODY_LIMIT_BYTES. */
  payloadTooLarge: rule(413, 'security:payloadTooLarge', 413),
  /** A body that is not application/json. */
  unsupportedMediaType: rule(415, 'security:unsupportedMediaType', 415),
  /** Too many attempts from one address or for one account: wait, then try again. */
  tooManyRequests: rule(429, 'security:tooManyRequests', 429),
  /** The database connection was lost mid-call: nothing was acknowledged; safe to retry. */
  databaseUnavailable: rule(503, 'security:databaseUnavailable', 503),
} as const
