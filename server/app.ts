import { randomUUID } from 'node:crypto'
import { OpenAPIHono } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import { routePath } from 'hono/route'
import { LANGUAGE_HEADER, parseLanguage } from '../src/i18n/languages'
import { fieldMessage } from '../src/lib/fieldErrors'
import type { Deps } from './deps'
import type { AdminApp, AppEnv } from './http/context'
import { auditRefusal } from './audit'
import { bodySizeLimit } from './http/bodyGuard'
import { BizError, CommonRules, type Rule } from './http/errors'
import { classifyFailure } from './http/failures'
import { translator } from './i18n'
import { registerModules } from './modules'

export const API_BASE = '/admin'

function fail(
  c: Context<AppEnv>,
  rule: Rule,
  params: Record<string, unknown> = {},
  data: unknown = null,
) {
  return c.json({ code: rule.code, msg: c.var.t(rule.key, params), data }, rule.status)
}

/**
 * The caller's address for the audit log, sessions and throttles. X-Forwarded-For is believed
 * only with TRUST_PROXY, and then only its last entry: the one our own proxy appended (anything
 * before it is whatever the client chose to send).
 */
export function clientIp(c: Context<AppEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('X-Forwarded-For')?.split(',').at(-1)?.trim()
    if (forwarded) return forwarded
  }
  try {
    return getConnInfo(c).remote.address ?? ''
  } catch {
    return ''
  }
}

/**
 * The route that answered, as declared (`/channels/webhook/:channelCode`), under /admin; `*`
 * when no route matched (only middleware and the not-found answer did), so unknown paths share
 * one row instead of adding one each.
 */
function routePattern(c: Context<AppEnv>): string {
  // Read after the answer: the route index is then the handler (or route middleware) that gave it.
  const path = routePath(c)
  if (!path || path.endsWith('*')) return '*'
  return path.startsWith(API_BASE + '/') ? path.slice(API_BASE.length) : path
}

/** The /admin API: envelope, localisation, error mapping and every module's routes. */
export function createApiApp(deps: Deps): AdminApp {
  const app: AdminApp = new OpenAPIHono<AppEnv>({
    // Invalid input: 400, code 400, one localised message per field, nothing written.
    defaultHook: (result, c) => {
      if (result.success) return
      // Zod leaves the offending value out of its issues; take it from the request itself
      // so a missing field reads "Cannot be empty" and a wrong one "Format is incorrect".
      const fieldErrors = result.error.issues.map((issue) => {
        const input = issue.path.reduce<unknown>(
          (v, key) =>
            v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[key] : undefined,
          // zod-validator passes the parsed body along with a failure; the type omits it.
          (result as unknown as { data: unknown }).data,
        )
        const m = fieldMessage({ ...issue, input } as never)
        return { field: issue.path.join('.'), message: c.var.t(`validation:${m.key}`, m.params) }
      })
      return fail(c as Context<AppEnv>, CommonRules.invalidInput, {}, { fieldErrors })
    },
  })

  // Every answer counted per route pattern and status class (in memory; server/telemetry).
  app.use('*', async (c, next) => {
    const started = deps.telemetry.timer()
    await next()
    deps.telemetry.route({
      method: c.req.method,
      route: routePattern(c),
      status: c.res.status,
      ms: deps.telemetry.timer() - started,
    })
  })

  app.use('*', async (c, next) => {
    const lang = parseLanguage(c.req.header(LANGUAGE_HEADER) ?? c.req.header('Accept-Language'))
    c.set('deps', deps)
    c.set('lang', lang)
    c.set('t', translator(lang))
    c.set('requestId', c.req.header('X-Request-Id') ?? randomUUID())
    c.set('ip', clientIp(c, deps.config.TRUST_PROXY))
    // Set before the handler, so the answer is built with it: a header added to a finished
    // answer makes Hono copy it into a streamed one (slow on the node server). A Response a
    // handler built itself (a download) does not carry prepared headers, so it gets it after.
    c.header('X-Request-Id', c.var.requestId)
    await next()
    if (!c.res.headers.has('X-Request-Id')) c.header('X-Request-Id', c.var.requestId)
  })
  app.use('*', bodySizeLimit())

  app.onError(async (err, c) => {
    if (err instanceof BizError) {
      // After the failed transaction has rolled back: the refusal's row stays.
      await auditRefusal(c, err)
      return fail(c, err.rule, err.params, err.data)
    }
    // A body that is not JSON at all is invalid input, not a server fault.
    if (err instanceof SyntaxError || (err as { status?: number }).status === 400) {
      return fail(c, CommonRules.invalidInput, {}, { fieldErrors: [] })
    }
    const mapped = classifyFailure(err)
    if (mapped) {
      deps.log.error('request failed', {
        requestId: c.var.requestId,
        path: c.req.path,
        code: mapped.code,
        error: err instanceof Error ? err.message : String(err),
      })
      return fail(c, mapped, {}, mapped === CommonRules.invalidInput ? { fieldErrors: [] } : null)
    }
    deps.log.error('unhandled error', {
      requestId: c.var.requestId,
      path: c.req.path,
      error: err instanceof Error ? (err.stack ?? err.message) : String(err),
    })
    return fail(c, CommonRules.internal)
  })

  app.notFound((c) => fail(c, CommonRules.notFound))

  registerModules(app)
  return app
}
