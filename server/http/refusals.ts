import type { Context } from 'hono'
import type { MessageKey } from '../../src/i18n/keys'
import type { AppEnv } from './context'
import type { Actor } from '../auth/actor'
import type { ButtonCode } from '../../src/resources/registry'
import type { ServiceContext } from '../resources/context'
import { BizError, CommonRules, type Rule } from './errors'

/**
 * A screen's button the caller must hold for this call (an add or an edit through one save
 * route): the spec's view-only refusal otherwise, as the route's own permission gives.
 */
export function requireButton<C extends Pick<ServiceContext, 'actor'>>(
  ctx: C,
  code: ButtonCode,
): asserts ctx is C & { actor: Actor } {
  if (!ctx.actor?.buttons.has(code)) {
    throw new BizError(CommonRules.viewOnly, {}, { refusal: { kind: 'button', button: code } })
  }
}

/**
 * A business refusal that belongs to one field of the form (a duplicate code, an unknown
 * parent): the stable code and message of `rule`, plus the same `fieldErrors` shape a 400
 * carries, so the form shows it beside the field. `messageKey` is a `validation:` key.
 */
export function fieldRefusal(
  c: Context<AppEnv> | Pick<ServiceContext, 't'>,
  rule: Rule,
  field: string,
  messageKey: MessageKey,
  params: Record<string, unknown> = {},
): BizError {
  return new BizError(rule, params, {
    fieldErrors: [{ field, message: ('var' in c ? c.var.t : c.t)(messageKey, params) }],
  })
}
