import type { Context } from 'hono'
import type { AppEnv } from './context'

/** The success envelope. */
export function ok<T>(c: Context<AppEnv>, data: T) {
  return c.json({ code: 0 as number, msg: c.var.t('common:success'), data }, 200)
}
