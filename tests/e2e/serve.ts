/**
 * The product as the end-to-end tests see it: an embedded database with the demo data, served
 * under a non-root base path, sending e-mail to a local SMTP server whose messages the tests
 * read from a small mailbox endpoint (which also answers the audit rows a test asks for). Test
 * infrastructure only.
 *
 * Each Playwright worker has its own server (playwright.config.ts). The database is migrated
 * and seeded once per run, not once per server: with E2E_MAKE_SNAPSHOT=<dir> this script
 * seeds a data directory there, closes it and exits; with E2E_SNAPSHOT=<dir> it serves a copy
 * of that directory (the data key travels with it: card numbers stay readable).
 */
import { beat, thisInstance } from '../../server/modules/system/heartbeat'
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer as createHttpServer } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { serve } from '@hono/node-server'
import { and, asc, eq } from 'drizzle-orm'
import { resolveDataKey } from '../../server/cards/dataKey'
import { httpTransport } from '../../server/channels/transport'
import { loadConfig } from '../../server/config'
import { openDatabase } from '../../server/db/client'
import { auditLog } from '../../server/db/schema'
import { seed } from '../../server/demo/seed'
import { watchDatabaseChanges } from '../../server/cacheInvalidation'
import { consoleLogger, systemClock, type Deps } from '../../server/deps'
import { jobSqlFor } from '../../server/jobs/database'
import { JobSystem } from '../../server/jobs/system'
import { fakeDnsResolver } from '../../server/mail/dns'
import { createMailer } from '../../server/mail/mailer'
import { E2E_DNS_ZONE } from './dnsZone'
import { definePeriodicJobs } from '../../server/periodicJobs'
import { createServer } from '../../server/server'
import { Telemetry } from '../../server/telemetry/recorder'
import { startTestSmtp } from '../../server/testing/smtp'
import { addE2eUsers, addLimitedAdmin } from './e2eUsers'

const port = Number(process.env.PORT)
const mailboxPort = Number(process.env.MAILBOX_PORT)
const makeSnapshot = process.env.E2E_MAKE_SNAPSHOT
const snapshot = process.env.E2E_SNAPSHOT
const READY = 'e2e-snapshot.ready'

function dataDir(): string {
  if (makeSnapshot) {
    rmSync(makeSnapshot, { recursive: true, force: true })
    return makeSnapshot
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vcc-e2e-'))
  if (snapshot) {
    if (!existsSync(path.join(snapshot, READY))) throw new Error(`no e2e snapshot in ${snapshot}`)
    cpSync(snapshot, dir, { recursive: true })
    rmSync(path.join(dir, READY))
  }
  return dir
}

const smtp = await startTestSmtp()
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir(),
  SMTP_URL: smtp.url,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  LOG_LEVEL: 'error',
})
const database = openDatabase({ dataDir: config.DATA_DIR })
await database.migrate()
const log = consoleLogger(config.LOG_LEVEL)
const dataKey = resolveDataKey({
  dataKeyHex: config.DATA_KEY,
  embedded: true,
  dataDir: config.DATA_DIR,
})
const deps: Deps = {
  db: database.db,
  config,
  clock: systemClock,
  mailer: createMailer({ db: database.db, config, clock: systemClock, log, dataKey }),
  log,
  channelTransport: httpTransport(() => `http://127.0.0.1:${port}`),
  telemetry: new Telemetry(systemClock),
  dataKey,
  jobs: new JobSystem(jobSqlFor(database), log),
  // Sender accounts' DNS checks read this zone, never the network: for vcc-mail.example the
  // SPF record is published as a sender account would expect it, DMARC with another policy
  // (a spec adding the account with 'v=DMARC1; p=quarantine' sees it not verified, observed
  // 'v=DMARC1; p=none').
  dns: fakeDnsResolver(E2E_DNS_ZONE),
  // As server/main.ts: this process is an instance, listed on opt-information by its heartbeat.
  instance: thisInstance(systemClock.now(), () => database.connections()),
}
if (!snapshot) {
  await seed(deps, { demo: true })
  await addE2eUsers(deps)
  await addLimitedAdmin(deps)
}
if (makeSnapshot) {
  await database.close()
  await smtp.close()
  // Written last: a server that finds this file finds a complete, closed data directory.
  writeFileSync(path.join(makeSnapshot, READY), '')
  console.log(`e2e snapshot in ${makeSnapshot}`)
  process.exit(0)
}
// As server/main.ts: cached grants and menus are kept, and dropped when the database changes.
await watchDatabaseChanges(database, deps.log)
const app = createServer(deps, { consoleDir: path.resolve(process.env.CONSOLE_DIR ?? 'dist-e2e') })
// The periodic jobs run as in production: the sandbox issuer's creation results reach the
// webhook through the job system's delivery job.
await definePeriodicJobs(deps.jobs!, deps)
await beat(deps, deps.instance!)
await deps.jobs!.start()
serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => {
  console.log(`e2e server on http://127.0.0.1:${port}${config.BASE_PATH}`)
})

// GET /mail?to=<address> → every message received for that address, newest last.
// GET /audit?action=<action>&target=<target> → the audit rows with that action (and target),
// oldest first: the product has no audit-log screen or call, so the tests read the table here.
createHttpServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost')
  if (url.pathname === '/audit') {
    const target = url.searchParams.get('target')
    const rows = await database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, url.searchParams.get('action') ?? ''),
          target === null ? undefined : eq(auditLog.target, target),
        ),
      )
      .orderBy(asc(auditLog.id))
    res.setHeader('Content-Type', 'application/json')
    res.end(JSON.stringify(rows))
    return
  }
  const to = (url.searchParams.get('to') ?? '').toLowerCase()
  const mails = smtp.received.filter((m) => m.to.includes(to)).map((m) => m.raw)
  res.setHeader('Content-Type', 'application/json')
  res.end(JSON.stringify(mails))
}).listen(mailboxPort, '127.0.0.1')
