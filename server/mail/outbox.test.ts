import { asc, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decryptField } from '../cards/cardData'
import type { Db } from '../db/client'
import { sendAttempts, sendRecords } from '../db/schema'
import { jobSqlFor } from '../jobs/database'
import { JobSystem } from '../jobs/system'
import { createTestApi, type TestApi } from '../testing/harness'
import { freePort } from '../testing/serverProcess'
import {
  deliverRecord,
  MAIL_DELIVERY_QUEUE,
  MAIL_JOB_RETRY_LIMIT,
  MAIL_MAX_ATTEMPTS,
  OUTCOME_UNKNOWN,
  recoverStale,
  type DeliveryDeps,
} from './delivery'
import { mailDeliveryQueue, mailSweepJob } from './jobs'
import { REDACTED } from './outbox'
import { maxAttempts } from './retrySchedule'

let api: TestApi

beforeAll(async () => {
  api = await createTestApi()
}, 120_000)
afterAll(async () => {
  await api?.close()
})

const record = async (id: number) =>
  (await api.deps.db.select().from(sendRecords).where(eq(sendRecords.id, id)))[0]
const attempts = (id: number) =>
  api.deps.db
    .select()
    .from(sendAttempts)
    .where(eq(sendAttempts.recordId, id))
    .orderBy(asc(sendAttempts.number))

/** The test API's delivery settings with SMTP_URL on a port nobody listens on. */
async function unreachable(): Promise<DeliveryDeps> {
  const port = await freePort()
  return {
    ...api.deps,
    config: { ...api.deps.config, SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` },
  }
}

const reset = (to: string) => ({
  to,
  event: 'auth.password_reset' as const,
  language: 'en-US' as const,
  variables: {
    name: 'Ann',
    loginName: 'ann',
    link: 'http://x.test/resetPassword?token=SECRET-TOKEN',
    minutes: 30,
  },
  secrets: ['http://x.test/resetPassword?token=SECRET-TOKEN', 'SECRET-TOKEN'],
})

describe('the mail outbox', () => {
  it('a mail enqueued in a transaction that rolls back is neither kept nor sent', async () => {
    let id = 0
    await expect(
      api.deps.db.transaction(async (tx) => {
        id = await api.deps.mailer.enqueue(tx as unknown as Db, reset('rolled.back@example.test'))
        throw new Error('the request failed after queueing its mail')
      }),
    ).rejects.toThrow('the request failed')
    expect(id).toBeGreaterThan(0)
    api.deps.mailer.deliverSoon([id])
    await api.deps.mailer.idle()
    expect(await record(id)).toBeUndefined()
    expect(api.smtp.received.filter((m) => m.to.includes('rolled.back@example.test'))).toEqual([])
  })

  it('keeps secrets only sealed; delivers the real text once, with a Message-ID from the record', async () => {
    const id = await api.deps.mailer.send(reset('sealed@example.test'))
    const queued = await record(id)
    // What the console shows: redacted everywhere.
    expect(queued.body).toContain(REDACTED)
    expect(
      JSON.stringify([queued.body, queued.html, queued.subject, queued.variables]),
    ).not.toContain('SECRET-TOKEN')
    // What goes out: encrypted at rest, the real link inside.
    expect(queued.sealed).not.toContain('SECRET-TOKEN')
    expect(decryptField(api.deps.dataKey, queued.sealed!)).toContain('SECRET-TOKEN')

    const mail = await api.smtp.waitFor('sealed@example.test')
    await api.deps.mailer.idle()
    expect(mail.text).toContain('token=SECRET-TOKEN')
    expect(mail.messageId).toBe(`<send-record-${id}@vcc.local>`)
    const sent = await record(id)
    expect(sent).toMatchObject({
      status: 'sent',
      attempts: 1,
      sealed: null,
      messageId: mail.messageId,
    })
    expect(await attempts(id)).toMatchObject([{ number: 1, stage: 'done', outcome: 'sent' }])
    expect((await attempts(id))[0].answer).toMatch(/^250/)
    // Claimed once: a second delivery of the same record does nothing.
    expect(await deliverRecord(api.deps, id)).toEqual({ status: 'skipped', current: 'sent' })
    expect(api.smtp.received.filter((m) => m.to.includes('sealed@example.test'))).toHaveLength(1)
  })

  it('an unreachable server fails the attempt; the record is queued again, then failed after the last', async () => {
    const down = await unreachable()
    const id = await api.deps.mailer.enqueue(api.deps.db, reset('down@example.test'))
    for (let n = 1; n < MAIL_MAX_ATTEMPTS; n++) {
      expect(await deliverRecord(down, id)).toMatchObject({ status: 'retry' })
      expect(await record(id)).toMatchObject({ status: 'queued', attempts: n })
    }
    expect(await deliverRecord(down, id)).toMatchObject({ status: 'failed' })
    expect(await record(id)).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS })
    const all = await attempts(id)
    expect(all).toHaveLength(MAIL_MAX_ATTEMPTS)
    for (const a of all) {
      expect(a).toMatchObject({ stage: 'done', outcome: 'failed' })
      expect(a.answer).toMatch(/ECONNREFUSED/)
    }
  })

  it('an attempt left before the hand-over is given back; one left after it is failed as unknown, never re-sent', async () => {
    const before = await api.deps.mailer.enqueue(api.deps.db, reset('before@example.test'))
    const after = await api.deps.mailer.enqueue(api.deps.db, reset('after@example.test'))
    const now = api.deps.clock.now()
    // As a process that stopped mid-attempt leaves them: claimed, lease run out.
    for (const [id, stage] of [
      [before, 'connecting'],
      [after, 'handed'],
    ] as const) {
      await api.deps.db
        .update(sendRecords)
        .set({ status: 'sending', attempts: 1, leaseUntil: new Date(now.getTime() - 1000) })
        .where(eq(sendRecords.id, id))
      await api.deps.db
        .insert(sendAttempts)
        .values({ recordId: id, number: 1, startedAt: now, stage })
    }
    expect(await recoverStale(api.deps)).toBe(2)

    expect(await record(before)).toMatchObject({ status: 'queued', generation: 1 })
    expect(await attempts(before)).toMatchObject([{ outcome: 'failed', stage: 'done' }])
    expect(await record(after)).toMatchObject({ status: 'failed', error: OUTCOME_UNKNOWN })
    expect(await attempts(after)).toMatchObject([{ outcome: 'unknown', stage: 'done' }])

    // The job that finds them: the given-back one is sent, the unknown one is not.
    expect(await deliverRecord(api.deps, before)).toEqual({ status: 'sent' })
    expect(await deliverRecord(api.deps, after)).toEqual({ status: 'skipped', current: 'failed' })
    await api.smtp.waitFor('before@example.test')
    expect(api.smtp.received.filter((m) => m.to.includes('after@example.test'))).toEqual([])
  })

  it('a live lease is left alone', async () => {
    const id = await api.deps.mailer.enqueue(api.deps.db, reset('live@example.test'))
    const now = api.deps.clock.now()
    await api.deps.db
      .update(sendRecords)
      .set({ status: 'sending', attempts: 1, leaseUntil: new Date(now.getTime() + 60_000) })
      .where(eq(sendRecords.id, id))
    expect(await recoverStale(api.deps)).toBe(0)
    expect(await record(id)).toMatchObject({ status: 'sending' })
  })
})

describe('the delivery job', () => {
  let down: TestApi
  beforeAll(async () => {
    // Nothing listens at its SMTP_URL; retries 1, 2, 4, 8 s apart for 10 s instead of a day.
    down = await createTestApi({
      SMTP_URL: `smtp://127.0.0.1:${await freePort()}?ignoreTLS=true`,
      MAIL_RETRY_DELAY_SECONDS: '1',
      MAIL_RETRY_FOR_SECONDS: '10',
    })
    await down.deps.jobs!.start()
  }, 120_000)
  afterAll(async () => {
    await down?.close()
  })

  it('a draining queue takes its next job at once, not one per polling interval', async () => {
    const jobs = down.deps.jobs!
    const handled: number[] = []
    // A minute between polls: without draining, the jobs after the first wait for it.
    await jobs.define({
      name: 'drain-test',
      pollingIntervalSeconds: 60,
      drain: true,
      handler: async ({ n }: { n: number }) => void handled.push(n),
    })
    // Sent together: the worker is woken once, takes one job, and would then wait its poll.
    await Promise.all([1, 2, 3, 4, 5].map((n) => jobs.send('drain-test', { n })))
    await expect.poll(() => handled.length, { timeout: 30_000 }).toBe(5)
  }, 60_000)

  it('retries with backoff, then fails the record and dead-letters the job, as the DevOps dashboard shows', async () => {
    const jobs = down.deps.jobs!
    const id = await down.deps.mailer.send(reset('dead@example.test'))
    const figure = async () => (await jobs.figures()).find((f) => f.queue === MAIL_DELIVERY_QUEUE)!
    const attemptsInAll = maxAttempts(down.deps.config)
    // The record's next try comes with the process's clock: the test moves it.
    await expect
      .poll(
        async () => {
          down.clock.advance(2)
          return (await figure()).deadLettered
        },
        { timeout: 90_000, interval: 200 },
      )
      .toBe(1)
    const [failed] = await down.deps.db.select().from(sendRecords).where(eq(sendRecords.id, id))
    expect(failed).toMatchObject({ status: 'failed', attempts: attemptsInAll })
    const all = await down.deps.db
      .select()
      .from(sendAttempts)
      .where(eq(sendAttempts.recordId, id))
      .orderBy(asc(sendAttempts.number))
    expect(all.map((a) => a.outcome)).toEqual(Array(attemptsInAll).fill('failed'))
    // The backoff is the record's (retrySchedule.ts, timed by the process's clock); pg-boss
    // only retries a job that threw (the failed record's, before it is dead-lettered).
    const result: unknown = await down.deps.db.execute(
      sql`select retry_limit, retry_delay, retry_backoff from pgboss.queue where name = ${MAIL_DELIVERY_QUEUE}`,
    )
    const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows
    expect(rows[0]).toMatchObject({
      retry_limit: MAIL_JOB_RETRY_LIMIT,
      retry_delay: 1,
    })
    // On the dashboard's call too.
    const token = await down.login('admin', 'Admin@123456')
    const res = await down.call<{ queues: { queue: string; deadLettered: number }[] }>(
      '/dashboard/devops/queues',
      {},
      { token },
    )
    expect(res.body.data.queues.find((q) => q.queue === MAIL_DELIVERY_QUEUE)).toMatchObject({
      deadLettered: 1,
    })
  }, 120_000)
})

describe('the sweep', () => {
  it('asks for 300 stranded records in one insert, not again while their jobs live, and each arrives once', async () => {
    const db = api.deps.db
    const ids = await db.transaction(async (tx) => {
      const made: number[] = []
      for (let i = 0; i < 300; i++) {
        made.push(
          await api.deps.mailer.enqueue(tx as unknown as Db, {
            to: `swept-${i}@example.test`,
            event: 'email-account.test',
            language: 'en-US',
            variables: { address: 'sweep@vcc.local', senderName: `Sweep ${i}` },
          }),
        )
      }
      return made
    })
    // Queued a minute ago and their `deliverSoon` lost: only the sweep knows them.
    const minuteAgo = new Date(api.deps.clock.now().getTime() - 60_000)
    await db.update(sendRecords).set({ createdAt: minuteAgo }).where(inArray(sendRecords.id, ids))

    // A job system with the delivery queue only (no schedule of its own), whose calls the
    // sweep makes are counted: one statement per record was what starved the deliveries.
    const jobs = new JobSystem(jobSqlFor(api.database), api.deps.log)
    await jobs.define(mailDeliveryQueue(api.deps))
    await jobs.start()
    try {
      const single: unknown[] = []
      const batches: number[][] = []
      const counted = {
        send: (...args: Parameters<JobSystem['send']>) => {
          single.push(args)
          return jobs.send(...args)
        },
        sendMany: (queue: string, batch: { id: string; data: object }[]) => {
          expect(queue).toBe(MAIL_DELIVERY_QUEUE)
          batches.push(batch.map((j) => (j.data as { id: number }).id))
          return jobs.sendMany(queue, batch)
        },
      }
      const sweep = mailSweepJob(api.deps, counted)
      await sweep.handler({ due: api.deps.clock.now().toISOString() })
      expect(single).toEqual([])
      expect(batches).toHaveLength(1)
      expect(batches[0]).toEqual(expect.arrayContaining(ids))
      // The next sweep finds their jobs asked for: nothing of theirs is asked again.
      await sweep.handler({ due: api.deps.clock.now().toISOString() })
      expect(single).toEqual([])
      expect(
        batches
          .slice(1)
          .flat()
          .filter((id) => ids.includes(id)),
      ).toEqual([])

      const arrived = () =>
        api.smtp.received.filter((m) => m.to[0]?.startsWith('swept-')).map((m) => m.messageId)
      await expect.poll(() => arrived().length, { timeout: 600_000, interval: 500 }).toBe(300)
      await expect
        .poll(
          async () =>
            (await db.select().from(sendRecords).where(inArray(sendRecords.id, ids))).filter(
              (r) => r.status === 'sent',
            ).length,
          { timeout: 60_000, interval: 500 },
        )
        .toBe(300)
      // Each record exactly once, by the Message-ID derived from it.
      expect([...arrived()].sort()).toEqual(ids.map((id) => `<send-record-${id}@vcc.local>`).sort())
    } finally {
      await jobs.stop()
    }
  }, 700_000)
})
