import { CommonRules, type Rule } from './errors'

/**
 * What an unexpected error means for the caller, when it is not a fault of ours:
 * - the database refused a value (SQLSTATE class 22 "data exception", 54 "program limit
 *   exceeded"): invalid input, 400, whatever slipped past the schemas;
 * - the connection to the database was lost (class 08, 57P01–57P03 when an administrator or a
 *   failover ends the backend, 53300 no free connection, or node-postgres's own "connection
 *   terminated"): 503 with a retryable code; the pool opens a fresh connection for the next call.
 * Anything else stays a 500.
 */
const CONNECTION_MESSAGES = [
  'connection terminated',
  'connection error',
  'not queryable',
  'timeout exceeded when trying to connect',
  'cannot use a pool after calling end',
]

const CONNECTION_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'])

function chain(err: unknown): unknown[] {
  const out: unknown[] = []
  for (let e = err, i = 0; e && i < 5; e = (e as { cause?: unknown }).cause, i++) out.push(e)
  return out
}

export function classifyFailure(err: unknown): Rule | null {
  for (const e of chain(err)) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string') {
      if (/^(22|54)[0-9A-Z]{3}$/.test(code)) return CommonRules.invalidInput
      if (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code) || code === '53300') {
        return CommonRules.databaseUnavailable
      }
      if (CONNECTION_ERRNOS.has(code)) return CommonRules.databaseUnavailable
    }
    const message = e instanceof Error ? e.message.toLowerCase() : ''
    if (CONNECTION_MESSAGES.some((m) => message.includes(m))) {
      return CommonRules.databaseUnavailable
    }
  }
  return null
}
