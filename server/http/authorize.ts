import { createMiddleware } from 'hono/factory'
import { BACKGROUND_HEADER } from '../../src/i18n/languages'
import { loadActor } from '../auth/actor'
import type { Permission } from '../auth/permissions'
import { resolveSession } from '../auth/sessions'
import type { AppEnv } from './context'
import type { Refusal } from '../../src/lib/refusal'
import { BizError, CommonRules, type Rule } from './errors'

/** A 403 that says which refusal it is (`data.refusal`, src/lib/refusal.ts). */
const refused = (rule: Rule, refusal: Refusal) => new BizError(rule, {}, { refusal })

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearer(header: string | undefined): string | null {
  const m = /^Bearer\s+(\S+)$/i.exec(header ?? '')
  return m ? m[1] : null
}

/**
 * Resolves the caller's session and refuses what the route's permission does not allow:
 * no or dead token → 401; a session still signing in → 401 except on `signin` routes;
 * a screen not granted → 403; an action not granted → 403 with the view-only code.
 */
export function authorize(permission: Permission) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (permission.kind === 'public') return next()
    const token = bearer(c.req.header('Authorization'))
    if (!token) throw new BizError(CommonRules.unauthenticated)
    const touch = c.req.header(BACKGROUND_HEADER) !== '1'
    const found = await resolveSession(c.var.deps, token, touch)
    if (!found) throw new BizError(CommonRules.unauthenticated)
    const { session, user } = found
    const signingIn = session.stage !== 'full'
    if (signingIn !== (permission.kind === 'signin')) {
      throw new BizError(signingIn ? CommonRules.unauthenticated : CommonRules.forbidden)
    }
    const actor = await loadActor(c.var.deps.db, user)
    // Known before the checks, so that a refusal below is recorded with who was refused.
    c.set('session', session)
    c.set('user', user)
    c.set('actor', actor)
    c.set('permission', permission)
    if (permission.kind === 'menu' && !actor.menus.has(permission.menu)) {
      throw refused(CommonRules.forbidden, { kind: 'menu', menu: permission.menu })
    }
    if (permission.kind === 'platformAdmin' && !actor.platformAdmin) {
      throw refused(CommonRules.forbidden, { kind: 'platformAdmin' })
    }
    if (permission.kind === 'button' && !actor.buttons.has(permission.button)) {
      throw refused(CommonRules.viewOnly, { kind: 'button', button: permission.button })
    }
    return next()
  })
}
