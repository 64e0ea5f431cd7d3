import type { Context } from 'hono'
import type { Language } from '../../src/i18n/languages'
import type { AppEnv } from './context'

// The success message per language: the resources never change while the process runs, so it
// is looked up once, not on every answer (throughput, docs/performance.md).
const successMessages = new Map<Language, string>()

/** The success envelope. */
export function ok<T>(c: Context<AppEnv>, data: T) {
  let msg = successMessages.get(c.var.lang)
  if (msg === undefined) successMessages.set(c.var.lang, (msg = c.var.t('common:success')))
  return c.json({ code: 0 as number, msg, data }, 200)
}
