import path from 'node:path'
import { existsSync } from 'node:fs'
import { serve } from '@hono/node-server'
import { DataKeyError, resolveDataKey } from './cards/dataKey'
import { httpTransport } from './channels/transport'
import { ConfigError, loadConfig } from './config'
import { beat, thisInstance } from './modules/system/heartbeat'
import { openDatabase } from './db/client'
import { DataDirLockedError, lockDataDir, type DataDirLock } from './db/dataDirLock'
import { seed, type SeedResult } from './demo/seed'
import { watchDatabaseChanges } from './cacheInvalidation'
import { consoleLogger, systemClock, type Deps } from './deps'
import { jobSqlFor } from './jobs/database'
import { JobSystem } from './jobs/system'
import { createMailer } from './mail/mailer'
import { createServer } from './server'
import { Telemetry } from './telemetry/recorder'
import { definePeriodicJobs } from './periodicJobs'

/** The address this process can reach its own listener at. */
function ownHost(host: string) {
  if (['0.0.0.0', '::', ''].includes(host)) return '127.0.0.1'
  return host.includes(':') ? `[${host}]` : host
}

/** Process entry: config → lock DATA_DIR (embedded) → database → migrate and seed → listen. */
async function main() {
  let config
  try {
    config = loadConfig()
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message)
      process.exit(1)
    }
    throw e
  }
  const log = consoleLogger(config.LOG_LEVEL)
  // One process per embedded database: a second one on the same files exits here, at once.
  let dataDirLock: DataDirLock | null = null
  if (!config.DATABASE_URL) {
    try {
      dataDirLock = await lockDataDir(config.DATA_DIR)
    } catch (e) {
      if (e instanceof DataDirLockedError) {
        console.error(e.message)
        process.exit(1)
      }
      throw e
    }
  }
  const database = openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    onIdleError: (err) => log.error('database connection lost', { error: err.message }),
  })
  let dataKey
  try {
    dataKey = resolveDataKey({
      dataKeyHex: config.DATA_KEY,
      embedded: database.kind === 'pglite',
      dataDir: config.DATA_DIR,
    })
  } catch (e) {
    if (e instanceof DataKeyError) {
      console.error(e.message)
      process.exit(1)
    }
    throw e
  }
  let listeningPort = config.PORT
  const deps: Deps = {
    db: database.db,
    config,
    clock: systemClock,
    mailer: createMailer({ db: database.db, config, clock: systemClock, log, dataKey }),
    log,
    dataKey,
    // The sandbox issuer delivers its events over HTTP to this process's own listener.
    channelTransport: httpTransport(() => `http://${ownHost(config.HOST)}:${listeningPort}`),
    telemetry: new Telemetry(systemClock),
    jobs: new JobSystem(jobSqlFor(database), log),
    instance: thisInstance(systemClock.now(), () => database.connections()),
  }
  // Demo data on the embedded database by default; on PostgreSQL only when asked for.
  const demo =
    database.kind === 'pglite'
      ? config.SEED_DEMO || process.env.SEED_DEMO === undefined
      : config.SEED_DEMO
  // Instances started together take turns here (PostgreSQL advisory lock, server/db/client.ts):
  // migrations and the seed's "is the database empty?" run once, by the first.
  let seeded: SeedResult = { seeded: false }
  await database.migrate(async () => {
    seeded = await seed(deps, { demo, adminPassword: config.ADMIN_PASSWORD })
  })
  // Every instance drops its cached grants and menus when they change (issue 17, item 5).
  const stopWatching = await watchDatabaseChanges(database, log)

  // Hold expiry, creation resend, sandbox delivery, telemetry: all on the job system.
  const jobs = deps.jobs!
  await definePeriodicJobs(jobs, deps)
  // Listed on opt-information from the start, not only after the first 10 s.
  await beat(deps, deps.instance!)

  const consoleDir = process.env.CONSOLE_DIR ?? path.resolve('dist')
  const app = createServer(deps, { consoleDir: existsSync(consoleDir) ? consoleDir : undefined })
  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
    listeningPort = info.port
    // One origin for both lines: the console and its API reference are served by this process.
    const host = ['0.0.0.0', '::'].includes(config.HOST) ? 'localhost' : config.HOST
    const origin = `http://${host.includes(':') ? `[${host}]` : host}:${info.port}`
    console.log(`VCC Management Platform is running at ${origin}${config.BASE_PATH}`)
    console.log(`API reference: ${origin}/admin/docs`)
    console.log(
      `Database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.DATA_DIR}` : 'PostgreSQL'}`,
    )
    if (seeded.seeded && demo) {
      console.log(
        'Demo sign-ins: admin / Admin@123456, company.admin / Company@123456, merchant.user / Merchant@123456, auditor / Auditor@123456',
      )
    }
    if (seeded.generatedAdminPassword) {
      console.log(
        `First administrator: admin / ${seeded.generatedAdminPassword} (shown once; change it at first sign-in)`,
      )
    }
  })
  // Started beside the listener, not before it: its first start installs pg-boss's tables, and
  // the first answer need not wait for that. A failed start is tried again (keepStarting).
  void jobs.keepStarting()
  const stop = () => {
    server.close()
    void Promise.all([jobs.stop(), stopWatching()])
      .then(() => database.close())
      .then(() => dataDirLock?.release())
      .finally(() => process.exit(0))
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

void main()
