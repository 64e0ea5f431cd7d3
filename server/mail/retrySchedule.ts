import type { Config } from '../config'

/**
 * When a mail that could not be delivered is tried again (DESIGN §13: deliveries ride out
 * outages). The wait doubles from MAIL_RETRY_DELAY_SECONDS up to an hour between tries, and
 * the tries go on until they span MAIL_RETRY_FOR_SECONDS (a day by default), as a mail server
 * keeps a message for days rather than minutes. Counted in attempts, not read from a clock, so
 * the rule is the same whichever process (and clock) makes the attempt.
 */

/** The longest wait between two tries. */
export const MAIL_RETRY_MAX_DELAY_SECONDS = 3600

export type RetrySettings = Pick<Config, 'MAIL_RETRY_DELAY_SECONDS' | 'MAIL_RETRY_FOR_SECONDS'>

/** The wait after failed attempt `number` (1 for the first) before the next one. */
export function retryDelaySeconds(settings: RetrySettings, number: number): number {
  const doubled = settings.MAIL_RETRY_DELAY_SECONDS * 2 ** Math.min(Math.max(number - 1, 0), 30)
  return Math.min(MAIL_RETRY_MAX_DELAY_SECONDS, doubled)
}

/**
 * Attempts a record gets in all: the first, then one after each wait until the waits add up
 * to MAIL_RETRY_FOR_SECONDS. The last one's failure fails the record (dead-lettered).
 */
export function maxAttempts(settings: RetrySettings): number {
  let waited = 0
  let attempts = 1
  while (waited < settings.MAIL_RETRY_FOR_SECONDS) {
    waited += retryDelaySeconds(settings, attempts)
    attempts += 1
  }
  return attempts
}
