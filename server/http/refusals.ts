import type { Context } from 'hono'
import type { MessageKey } from '../../src/i18n/keys'
import type { AppEnv } from './context'
import type { ServiceContext } from '../resources/context'
import { BizError, type Rule } from './errors'

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
