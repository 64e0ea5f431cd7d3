import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sendAttempts, sendRecords } from '../db/schema'
import { createTestApi, type TestApi } from '../testing/harness'
import { freePort } from '../testing/serverProcess'
import { CONTENT_EXPIRED, deliverRecord, type DeliveryDeps } from './delivery'
import { mailSweepJob } from './jobs'
import { MAIL_RETRY_MAX_DELAY_SECONDS, retryDelaySeconds } from './retrySchedule'

/**
 * DESIGN §13, "deliveries ride out outages" (issue 26): a mail waits through an SMTP outage of
 * hours with capped exponential backoff, timed by the process's clock (the test moves it), and
 * arrives once when the server is back; a code or link past its validity is never sent.
 */
let api: TestApi
let down: DeliveryDeps

beforeAll(async () => {
  api = await createTestApi()
  down = {
    ...api.deps,
    config: { ...api.deps.config, SMTP_URL: `smtp://127.0.0.1:${await freePort()}?ignoreTLS=true` },
  }
}, 120_000)
afterAll(async () => {
  await api?.close()
})

const record = async (id: number) =>
  (await api.deps.db.select().from(sendRecords).where(eq(sendRecords.id, id)))[0]

/** One run of the outbox sweep with `deps`: the ids it asks delivery jobs for. */
async function sweep(deps: DeliveryDeps): Promise<number[]> {
  const asked: number[] = []
  const job = mailSweepJob(deps, {
    sendMany: async (_queue, batch) => {
      for (const j of batch) asked.push((j.data as { id: number }).id)
    },
  })
  await job.handler({ due: deps.clock.now().toISOString() })
  return asked
}

const HOURS = 3600

describe('an SMTP outage', () => {
  it('a mail queued during a 4-hour outage is tried with capped backoff and arrives exactly once when the server is back', async () => {
    const id = await api.deps.mailer.enqueue(api.deps.db, {
      to: 'outage@example.test',
      event: 'merchant-registration-received',
      language: 'en-US',
      variables: { name: 'Ann', companyName: 'Outage Ltd', registrationId: 7 },
    })
    const start = api.clock.now().getTime()
    const gaps: number[] = []
    let tries = 0
    expect(await deliverRecord(down, id)).toMatchObject({ status: 'retry' })
    tries++
    // The SMTP server stays down for four hours: each try comes when the record says, not before.
    for (;;) {
      const waiting = await record(id)
      expect(waiting).toMatchObject({ status: 'queued', attempts: tries })
      const next = waiting.nextAttemptAt!.getTime()
      gaps.push((next - api.clock.now().getTime()) / 1000)
      api.clock.advance((next - api.clock.now().getTime()) / 1000 - 1)
      expect(await sweep(down)).toEqual([])
      api.clock.advance(1)
      if (api.clock.now().getTime() - start >= 4 * HOURS * 1000) break
      expect(await sweep(down)).toEqual([id])
      expect(await deliverRecord(down, id)).toMatchObject({ status: 'retry' })
      tries++
    }
    // 5, 10, 20 … s, then an hour between tries, never more.
    expect(gaps.slice(0, 3)).toEqual([5, 10, 20])
    expect(gaps.every((g, i) => g === retryDelaySeconds(down.config, i + 1))).toBe(true)
    expect(Math.max(...gaps)).toBe(MAIL_RETRY_MAX_DELAY_SECONDS)
    const log = await api.deps.db
      .select()
      .from(sendAttempts)
      .where(eq(sendAttempts.recordId, id))
      .orderBy(asc(sendAttempts.number))
    expect(log).toHaveLength(tries)
    expect(log.every((a) => a.outcome === 'failed')).toBe(true)

    // The server is back: the due try delivers it, and no later sweep asks for it again.
    expect(await sweep(api.deps)).toEqual([id])
    expect(await deliverRecord(api.deps, id)).toEqual({ status: 'sent' })
    for (let i = 0; i < 3; i++) {
      api.clock.advance(MAIL_RETRY_MAX_DELAY_SECONDS)
      expect(await sweep(api.deps)).toEqual([])
    }
    const arrived = api.smtp.received.filter((m) => m.to.includes('outage@example.test'))
    expect(arrived.map((m) => m.messageId)).toEqual([`<send-record-${id}@vcc.local>`])
    expect(await record(id)).toMatchObject({ status: 'sent', attempts: tries + 1 })
  }, 120_000)

  it('a reset link older than its validity is marked expired and never sent', async () => {
    const link = 'http://x.test/resetPassword?token=OLD-TOKEN'
    const reset = (to: string) => ({
      to,
      event: 'auth.password_reset' as const,
      language: 'en-US' as const,
      variables: { name: 'Ann', loginName: 'ann', link, minutes: 30 },
      secrets: [link, 'OLD-TOKEN'],
    })
    const swept = await api.deps.mailer.enqueue(api.deps.db, reset('stale.swept@example.test'))
    const claimed = await api.deps.mailer.enqueue(api.deps.db, reset('stale.claimed@example.test'))
    expect((await record(swept)).expiresAt).toEqual(
      new Date(api.clock.now().getTime() + 30 * 60_000),
    )
    // Both tried while SMTP is down, then the outage outlasts the link's 30 minutes.
    expect(await deliverRecord(down, swept)).toMatchObject({ status: 'retry' })
    expect(await deliverRecord(down, claimed)).toMatchObject({ status: 'retry' })
    api.clock.advance(31 * 60)

    // A delivery job that comes for it finds it past its validity: not sent.
    expect(await deliverRecord(api.deps, claimed)).toEqual({ status: 'expired' })
    // The sweep marks the other one, and asks no job for it.
    expect(await sweep(api.deps)).not.toContain(swept)
    for (const id of [swept, claimed]) {
      expect(await record(id)).toMatchObject({
        status: 'expired',
        sealed: null,
        error: CONTENT_EXPIRED,
      })
      expect(await deliverRecord(api.deps, id)).toEqual({ status: 'skipped', current: 'expired' })
    }
    expect(api.smtp.received.filter((m) => m.to[0]?.startsWith('stale.'))).toEqual([])
  }, 60_000)

  it('the send record and the DevOps page say when the next try is', async () => {
    const id = await api.deps.mailer.enqueue(api.deps.db, {
      to: 'waiting@example.test',
      event: 'email-account.test',
      language: 'en-US',
      variables: { address: 'waiting@vcc.local', senderName: 'Waiting' },
    })
    expect(await deliverRecord(down, id)).toMatchObject({ status: 'retry' })
    const next = (await record(id)).nextAttemptAt!.toISOString()
    const token = await api.login('admin', 'Admin@123456')
    const detail = await api.call<{ nextAttemptAt: string | null; status: string }>(
      '/send-record/detail',
      { id },
      { token },
    )
    expect(detail.body.data).toMatchObject({ status: 'queued', nextAttemptAt: next })
    const devops = await api.call<{
      outbox: { retrying: number; nextTryAt: string | null; lastError: string | null }
    }>('/dashboard/devops/queues', {}, { token })
    expect(devops.body.data.outbox.retrying).toBeGreaterThanOrEqual(1)
    expect(devops.body.data.outbox.nextTryAt! <= next).toBe(true)
    expect(devops.body.data.outbox.lastError).toMatch(/ECONNREFUSED/)
  }, 60_000)
})
