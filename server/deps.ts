import type { Instance } from './modules/system/heartbeat'
import type { DataKey } from './cards/cardData'
import type { ChannelTransport } from './channels/transport'
import type { Config } from './config'
import type { Db } from './db/client'
import type { JobSystem } from './jobs/system'
import type { DnsResolver } from './mail/dns'
import type { Mailer } from './mail/mailer'
import type { Telemetry } from './telemetry/recorder'

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
  /** The key card numbers and security codes are encrypted under (server/cards/dataKey.ts). */
  dataKey: DataKey
  /** How channels' events reach the webhook (server/channels/transport.ts). */
  channelTransport: ChannelTransport
  /** The process's operating records: channel calls, webhook and route outcomes (server/telemetry). */
  telemetry: Telemetry
  /**
   * The job system (server/jobs): queues, schedules and their figures. Absent where nothing
   * runs jobs (scripts, a few tests); the test harness has one, started only by the tests
   * that drive jobs through it.
   */
  jobs?: JobSystem
  /** This process as opt-information lists it; absent in scripts (server/modules/system). */
  instance?: Instance
  /** Where sender accounts' DNS records are looked up: `node:dns` when absent (server/mail/dns.ts). */
  dns?: DnsResolver
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
