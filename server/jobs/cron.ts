import { Cron } from 'croner'
import cronstrue from 'cronstrue/i18n.js'
import type { Language } from '../../src/i18n/languages'

/** A cron expression the job system refused: not one croner can run. */
export class CronError extends Error {
  constructor(
    readonly expression: string,
    reason: string,
  ) {
    super(`invalid cron expression "${expression}": ${reason}`)
    this.name = 'CronError'
  }
}

/**
 * Checks a schedule before anything runs on it: five fields (minute first) or six (seconds
 * first), as croner reads them. A schedule that can never fire (a 31st of February) is refused
 * too, since it would look configured and never run.
 */
export function validateCron(expression: string): void {
  let next: Date | null
  try {
    next = new Cron(expression, { paused: true }).nextRun()
  } catch (e) {
    throw new CronError(expression, e instanceof Error ? e.message : String(e))
  }
  if (!next) throw new CronError(expression, 'it never fires')
}

/** cronstrue's name for each product language. */
const CRONSTRUE_LOCALE: Record<Language, string> = { 'en-US': 'en', 'zh-CN': 'zh_CN' }

/** The schedule in words ("Every 15 seconds", "每隔 15 秒"), 24-hour clock. */
export function describeCron(expression: string, language: Language): string {
  return cronstrue.toString(expression, {
    locale: CRONSTRUE_LOCALE[language],
    use24HourTimeFormat: true,
    throwExceptionOnParseError: true,
  })
}
