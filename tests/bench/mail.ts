/**
 * `npm run bench` (part): the mail outbox (issue 19). 1,000 mails are queued at once (one
 * transaction) on the embedded database and delivered by the job system's `mail-delivery`
 * queue to a local SMTP server; every one must arrive exactly once (counted by its
 * Message-ID, which names its send record). Against it, in the same run and to the same SMTP
 * server: a bare nodemailer loop sending 1,000 mails one after another, one connection each,
 * as the outbox does. Figures to bench/mail.json.
 * A benchmark, not a test: nothing here passes or fails on a figure, but a lost or doubled
 * mail is reported (and exits 1).
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import nodemailer from 'nodemailer'
import { eq, count } from 'drizzle-orm'
import { TEST_DATA_KEY } from '../../server/cards/dataKey'
import { loadConfig } from '../../server/config'
import { openDatabase, type Db } from '../../server/db/client'
import { sendRecords } from '../../server/db/schema'
import { jobSqlFor } from '../../server/jobs/database'
import { JobSystem } from '../../server/jobs/system'
import { defineMailJobs } from '../../server/mail/jobs'
import { createMailer } from '../../server/mail/mailer'
import { systemClock } from '../../server/deps'
import { startTestSmtp } from '../../server/testing/smtp'

const MAILS = Number(process.env.BENCH_MAILS ?? 1000)
/** The machine is shared: its load is part of every figure (1-minute average, at each step). */
const load: Record<string, number> = { start: os.loadavg()[0] }
const smtp = await startTestSmtp()
const log = { info: () => {}, error: (msg: string, extra?: unknown) => console.error(msg, extra) }
const config = loadConfig({ SMTP_URL: smtp.url, LOG_LEVEL: 'silent' })

/** Progress on stderr every 15 s (a run on a busy machine may not finish): count and load. */
function progress(label: string, count: () => number) {
  const start = performance.now()
  const timer = setInterval(() => {
    const s = (performance.now() - start) / 1000
    console.error(`${label}: ${count()} in ${s.toFixed(0)} s, load ${os.loadavg()[0].toFixed(1)}`)
  }, 15_000)
  return () => clearInterval(timer)
}

/** Resolves when `n` messages whose recipient matches have arrived. */
async function arrived(prefix: string, n: number) {
  const count = () => smtp.received.filter((m) => m.to[0].startsWith(prefix)).length
  const stop = progress(`${prefix} arrived`, count)
  for (;;) {
    const got = count()
    if (got >= n) {
      stop()
      return got
    }
    await new Promise((r) => setTimeout(r, 20))
  }
}

// The reference: nodemailer alone, one mail after another.
const bare = nodemailer.createTransport(smtp.url)
const bareStart = performance.now()
let bareSent = 0
const stopBare = progress('bare sent', () => bareSent)
for (let i = 0; i < MAILS; i++, bareSent++) {
  await bare.sendMail({
    from: config.MAIL_FROM,
    to: `bare-${i}@bench.example`,
    subject: `Bench ${i}`,
    text: `Mail ${i}`,
  })
}
stopBare()
await arrived('bare-', MAILS)
const bareSeconds = (performance.now() - bareStart) / 1000
load.afterBare = os.loadavg()[0]

// The outbox on the embedded database, as a single `npm start` runs it.
const database = openDatabase({ dataDir: 'memory://' })
await database.migrate()
const jobs = new JobSystem(jobSqlFor(database), log)
const deps = {
  db: database.db,
  dataKey: TEST_DATA_KEY,
  clock: systemClock,
  log,
  config,
}
const mailer = createMailer(deps)
await defineMailJobs(jobs, { ...deps, mailer })
await jobs.start()

const start = performance.now()
const ids = await database.db.transaction(async (tx) => {
  const made: number[] = []
  for (let i = 0; i < MAILS; i++) {
    made.push(
      await mailer.enqueue(tx as unknown as Db, {
        to: `outbox-${i}@bench.example`,
        event: 'email-account.test',
        language: 'en-US',
        variables: { address: 'bench@vcc.local', senderName: `Bench ${i}` },
      }),
    )
  }
  return made
})
const queuedSeconds = (performance.now() - start) / 1000
mailer.deliverSoon(ids)
await arrived('outbox-', MAILS)
// Every record's bookkeeping written too.
for (;;) {
  const [{ n }] = await database.db
    .select({ n: count() })
    .from(sendRecords)
    .where(eq(sendRecords.status, 'sent'))
  if (n >= MAILS) break
  await new Promise((r) => setTimeout(r, 20))
}
const outboxSeconds = (performance.now() - start) / 1000
load.afterOutbox = os.loadavg()[0]

const outboxMails = smtp.received.filter((m) => m.to[0].startsWith('outbox-'))
const byMessageId = new Map<string, number>()
for (const m of outboxMails) byMessageId.set(m.messageId!, (byMessageId.get(m.messageId!) ?? 0) + 1)
const doubled = [...byMessageId.values()].filter((n) => n > 1).length
const lost = ids.filter((id) => !byMessageId.has(`<send-record-${id}@vcc.local>`)).length

await jobs.stop()
await database.close()
await smtp.close()

const report = {
  at: new Date().toISOString(),
  loadAverage: load,
  cpus: os.cpus().length,
  mails: MAILS,
  outbox: {
    database: 'embedded PGlite',
    queueAllSeconds: Number(queuedSeconds.toFixed(2)),
    seconds: Number(outboxSeconds.toFixed(2)),
    mailsPerSecond: Math.round(MAILS / outboxSeconds),
    received: outboxMails.length,
    lost,
    doubled,
  },
  bareNodemailer: {
    seconds: Number(bareSeconds.toFixed(2)),
    mailsPerSecond: Math.round(MAILS / bareSeconds),
  },
  outboxShareOfBare: Number((bareSeconds / outboxSeconds).toFixed(2)),
}
mkdirSync('bench', { recursive: true })
writeFileSync('bench/mail.json', `${JSON.stringify(report, null, 2)}\n`)
console.log(JSON.stringify(report, null, 2))
process.exit(lost || doubled ? 1 : 0)
