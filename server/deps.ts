import type { Config } from './config'
import type { Db } from './db/client'
import type { Mailer } from './mail/mailer'

/** The clock is injected so tests can move time (idle expiry, lockouts, link validity). */
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }

export interface Logger {
  info(msg: string, extra?: Record<string, unknown>): void
  error(msg: string, extra?: Record<string, unknown>): void
}

export interface Deps {
  db: Db
  config: Config
  clock: Clock
  mailer: Mailer
  log: Logger
}

export function consoleLogger(level: Config['LOG_LEVEL']): Logger {
  const quiet = level === 'silent'
  return {
    info: (msg, extra) => {
      if (!quiet && level !== 'error') console.log(JSON.stringify({ level: 'info', msg, ...extra }))
    },
    error: (msg, extra) => {
      if (!quiet) console.error(JSON.stringify({ level: 'error', msg, ...extra }))
    },
  }
}
