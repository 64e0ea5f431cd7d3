import { asc, eq, sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/client'
import { sendAttempts, sendRecords, users } from '../db/schema'
import { freePort, ServerProcess } from '../testing/serverProcess'
import { startTestSmtp, type TestSmtp } from '../testing/smtp'
import { openTestDatabase } from '../testing/testDatabase'
import { MAIL_DELIVERY_QUEUE, OUTCOME_UNKNOWN } from './delivery'

/**
 * Issue 19, "Done when": the outbox against real server processes killed with SIGKILL, and a
 * real SMTP server stopped and started. On PostgreSQL, so the test can read the records while
 * the server runs (an embedded database belongs to its one process); run with DATABASE_URL.
 */
describe.skipIf(!process.env.DATABASE_URL)('the mail outbox across a killed server', () => {
  const servers: ServerProcess[] = []
  const smtps: TestSmtp[] = []
  let database: (Database & { url?: string }) | null = null
  afterAll(async () => {
    for (const s of servers) await s.kill()
    for (const s of smtps) await s.close().catch(() => {})
    await database?.close()
  })

  async function setUp(email: string) {
    database = await openTestDatabase()
    const smtpPort = await freePort()
    const server = new ServerProcess(await freePort(), {
      DATABASE_URL: database.url!,
      ADMIN_PASSWORD: 'Admin@123456',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
      // A stopped process's attempt is judged one second after its lease ran out.
      MAIL_SENDING_LEASE_SECONDS: '1',
    })
    servers.push(server)
    await server.start()
    await database.db.update(users).set({ email }).where(eq(users.loginName, 'admin'))
    return { db: database.db, server, smtpPort }
  }

  const askReset = (server: ServerProcess, email: string) =>
    fetch(`http://127.0.0.1:${server.port}/admin/public/password/reset/send_email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email }),
    })

  it('a reset mail queued while SMTP is down arrives exactly once after a kill, a restart and SMTP coming back', async () => {
    const email = 'ann.down@example.test'
    const { db, server, smtpPort } = await setUp(email)
    const record = async () => (await db.select().from(sendRecords))[0]
    const activeJobs = async () => {
      const result: unknown = await db.execute(
        sql`select count(*)::int as n from pgboss.job where name = ${MAIL_DELIVERY_QUEUE} and state = 'active'`,
      )
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
        n: number
      }[]
      return rows[0].n
    }

    expect((await askReset(server, email)).status).toBe(200)
    // The first attempt has failed (nothing listens) and no job is mid-attempt: the kill
    // comes between two attempts, as most crashes of a waiting mail would.
    await expect
      .poll(
        async () => {
          const r = await record()
          return r?.status === 'queued' && r.attempts >= 1 && (await activeJobs()) === 0
        },
        { timeout: 60_000, interval: 100 },
      )
      .toBe(true)
    await server.kill()

    const smtp = await startTestSmtp({ port: smtpPort })
    smtps.push(smtp)
    await server.start()
    const mail = await smtp.waitFor(email, 90_000)
    expect(mail.text).toContain('resetPassword?token=')
    await expect.poll(async () => (await record()).status, { timeout: 30_000 }).toBe('sent')

    const r = await record()
    expect(mail.messageId).toBe(`<send-record-${r.id}@vcc.local>`)
    const all = await db
      .select()
      .from(sendAttempts)
      .where(eq(sendAttempts.recordId, r.id))
      .orderBy(asc(sendAttempts.number))
    // Every attempt is there, numbered, with its time and the server's answer.
    expect(all.length).toBe(r.attempts)
    expect(all.length).toBeGreaterThanOrEqual(2)
    expect(all.map((a) => a.number)).toEqual(all.map((_, i) => i + 1))
    for (const failed of all.slice(0, -1)) {
      expect(failed).toMatchObject({ stage: 'done', outcome: 'failed' })
      expect(failed.answer).toMatch(/ECONNREFUSED/)
    }
    expect(all.at(-1)).toMatchObject({ stage: 'done', outcome: 'sent' })
    expect(all.at(-1)!.answer).toMatch(/^250/)
    expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1)
    await server.kill()
    await smtp.close()
    await database!.close()
    database = null
  }, 240_000)

  it('a kill after SMTP took the message, before the answer was written: never sent again', async () => {
    const email = 'ann.once@example.test'
    const smtpPort = await freePort()
    let victim: ServerProcess | null = null
    // The SMTP server has the whole message; the process dies before it hears "250".
    const smtp = await startTestSmtp({ port: smtpPort, beforeAnswer: () => victim?.kill() })
    smtps.push(smtp)
    database = await openTestDatabase()
    const server = new ServerProcess(await freePort(), {
      DATABASE_URL: database.url!,
      ADMIN_PASSWORD: 'Admin@123456',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
      MAIL_SENDING_LEASE_SECONDS: '1',
    })
    servers.push(server)
    await server.start()
    const db = database.db
    await db.update(users).set({ email }).where(eq(users.loginName, 'admin'))
    victim = server

    expect((await askReset(server, email)).status).toBe(200)
    await smtp.waitFor(email, 60_000)
    await server.exit()
    const [left] = await db.select().from(sendRecords)
    expect(left.status).toBe('sending')

    victim = null
    await server.start()
    await expect
      .poll(async () => (await db.select().from(sendRecords))[0].status, { timeout: 60_000 })
      .toBe('failed')
    const [r] = await db.select().from(sendRecords)
    expect(r.error).toBe(OUTCOME_UNKNOWN)
    const all = await db.select().from(sendAttempts).where(eq(sendAttempts.recordId, r.id))
    expect(all).toMatchObject([{ number: 1, outcome: 'unknown', stage: 'done' }])
    // The sweep has run since (the record was judged by it) and sent nothing more.
    expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1)
  }, 240_000)
})
