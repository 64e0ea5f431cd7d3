import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// The harness first: it loads zod's OpenAPI extension before the shared schemas are made.
import { createTestApi, type TestApi } from '../testing/harness'
import { JOB_QUEUES, type DevopsFigures } from '../../src/resources/devops'
import { sessionFor } from '../testing/sessions'
import { CronError, describeCron, validateCron } from './cron'
import { jobSqlFor } from './database'
import { deadLetterQueueOf } from './figures'
import { JobSystem } from './system'

/**
 * The job system on the test database (PGlite, or PostgreSQL with DATABASE_URL): pg-boss's
 * queues with their retries and dead-letter queue, the schedules and their words, one run per
 * due time across instances, and the figures the DevOps dashboard shows.
 */
let api: TestApi
const quiet = { info: () => {}, error: () => {} }

beforeAll(async () => {
  api = await createTestApi()
  await api.deps.jobs!.start()
})
afterAll(async () => {
  await api?.close()
})

describe('a job that always fails', () => {
  it('is tried 1 + retryLimit times, then dead-lettered, and the DevOps dashboard shows it', async () => {
    const jobs = api.deps.jobs!
    let attempts = 0
    await jobs.define({
      name: 'always-fails',
      retryLimit: 2,
      // Small waits for the test: 1 s, then 2 s (the backoff doubles it).
      retryDelaySeconds: 1,
      pollingIntervalSeconds: 0.5,
      handler: async () => {
        attempts++
        throw new Error('this job always fails')
      },
    })
    expect(await jobs.send('always-fails', { n: 1 })).not.toBeNull()
    const figure = async () => (await jobs.figures()).find((q) => q.queue === 'always-fails')!
    await expect.poll(async () => (await figure()).deadLettered, { timeout: 20_000 }).toBe(1)
    expect(attempts).toBe(3)
    expect(await figure()).toMatchObject({ waiting: 0, active: 0, failed: 1, deadLettered: 1 })

    const admin = await sessionFor(api, 'admin')
    const res = await api.call<DevopsFigures>('/dashboard/devops/queues', {}, { token: admin })
    expect(res.body.code).toBe(0)
    expect(res.body.data.queues.find((q) => q.queue === 'always-fails')).toEqual({
      queue: 'always-fails',
      waiting: 0,
      active: 0,
      failed: 1,
      deadLettered: 1,
      oldestWaitingSeconds: null,
      schedule: null,
    })
    // Nothing works the dead-letter queue: the job stays there, with what it carried.
    const [dead] = (
      await jobSqlFor(api.database).executeSql('select data from pgboss.job where name = $1', [
        deadLetterQueueOf('always-fails'),
      ])
    ).rows
    expect(dead.data).toEqual({ n: 1 })
  })
})

describe('queue figures', () => {
  it('a job waiting counts as waiting, with its age by the database clock', async () => {
    const jobs = api.deps.jobs!
    await jobs.define({ name: 'later', handler: async () => {} })
    await jobs.send('later', null, { startAfterSeconds: 3600 })
    const later = (await jobs.figures()).find((q) => q.queue === 'later')!
    expect(later).toMatchObject({ waiting: 1, active: 0, failed: 0, deadLettered: 0 })
    expect(later.oldestWaitingSeconds).toBeGreaterThanOrEqual(0)
  })
})

describe('the telemetry flush', () => {
  it('runs in the instance, and once more at stop: a clean stop loses no record', async () => {
    const other = await createTestApi()
    try {
      const jobs = other.deps.jobs!
      await jobs.start()
      other.deps.telemetry.channelCall({
        channelId: 1,
        operation: 'createCard',
        ok: true,
        failureKind: null,
        latencyMs: 12,
      })
      // Before its next 5-second turn: only the flush at stop writes it.
      await jobs.stop()
      const { rows } = await jobSqlFor(other.database).executeSql(
        'select operation, latency_ms from channel_calls',
      )
      expect(rows).toEqual([{ operation: 'createCard', latency_ms: 12 }])
    } finally {
      await other.close()
    }
  })
})

describe('the periodic jobs', () => {
  it('the four sweepers are on the job system, each with its schedule in both languages', async () => {
    const byName = new Map(api.deps.jobs!.schedules().map((s) => [s.name, s]))
    expect(byName.get('hold-expiry')).toEqual({
      name: 'hold-expiry',
      cron: '*/15 * * * * *',
      scope: 'cluster',
      description: { 'en-US': 'Every 15 seconds', 'zh-CN': '每隔 15 秒' },
    })
    expect(byName.get('card-creation-resend')?.description).toEqual({
      'en-US': 'Every 30 seconds',
      'zh-CN': '每隔 30 秒',
    })
    expect(byName.get('sandbox-delivery')?.description).toEqual({
      'en-US': 'Every second',
      'zh-CN': '每秒',
    })
    expect(byName.get('telemetry-prune')?.description).toEqual({
      'en-US': 'Every hour',
      'zh-CN': '每小时',
    })
    // The flush writes this instance's memory: every instance runs it.
    expect(byName.get('telemetry-flush')).toMatchObject({ scope: 'instance' })

    // The dashboard lists each of the platform's queues, with its schedule.
    const admin = await sessionFor(api, 'admin')
    const res = await api.call<DevopsFigures>('/dashboard/devops/queues', {}, { token: admin })
    // Every queue on a schedule shows it; the mail delivery queue is fed by sends, not a clock.
    for (const queue of JOB_QUEUES) {
      const schedule = res.body.data.queues.find((q) => q.queue === queue)?.schedule
      if (queue === 'mail-delivery') expect(schedule).toBeNull()
      else expect(schedule).not.toBeNull()
    }
    expect(res.body.data.queues.find((q) => q.queue === 'hold-expiry')?.schedule).toEqual({
      cron: '*/15 * * * * *',
      'en-US': 'Every 15 seconds',
      'zh-CN': '每隔 15 秒',
    })
  })
})

describe('cron expressions', () => {
  it('are described in words in both languages', () => {
    expect(describeCron('0 3 * * *', 'en-US')).toBe('At 03:00')
    expect(describeCron('0 3 * * *', 'zh-CN')).toBe('在03:00')
  })

  it('an invalid one is refused before anything runs on it', async () => {
    expect(() => validateCron('61 * * * *')).toThrow(CronError)
    expect(() => validateCron('every minute')).toThrow(CronError)
    // Well formed, but a date that never comes.
    expect(() => validateCron('0 0 30 2 *')).toThrow(/never fires/)
    const jobs = new JobSystem(jobSqlFor(api.database), quiet)
    await expect(
      jobs.schedule({ name: 'bad-cron', cron: '* * 25 * *', handler: async () => {} }),
    ).resolves.toBeUndefined()
    await expect(
      jobs.schedule({ name: 'worse-cron', cron: '*/0 * * * *', handler: async () => {} }),
    ).rejects.toThrow(CronError)
    expect(jobs.schedules().map((s) => s.name)).toEqual(['bad-cron'])
  })
})

describe('one run per due time across instances', () => {
  it('two job systems on one database: each due time of a schedule runs once', async () => {
    const runs: string[] = []
    const instances = [
      api.deps.jobs!,
      new JobSystem(jobSqlFor(api.database), quiet),
      new JobSystem(jobSqlFor(api.database), quiet),
    ]
    for (const jobs of instances.slice(1)) await jobs.start()
    try {
      for (const jobs of instances) {
        await jobs.schedule({
          name: 'every-second',
          cron: '* * * * * *',
          pollingIntervalSeconds: 0.5,
          handler: async ({ due }) => {
            runs.push(due)
          },
        })
      }
      // One due time, sent by one instance and run; the others sending it after that (even
      // with no job of the queue waiting any more) add nothing.
      const due = new Date(Date.now() + 3_600_000)
      expect(await instances[0].sendScheduled('every-second', due)).not.toBeNull()
      await expect.poll(() => runs.includes(due.toISOString()), { timeout: 10_000 }).toBe(true)
      const again = await Promise.all(
        instances.slice(1).map((j) => j.sendScheduled('every-second', due)),
      )
      expect(again).toEqual([null, null])
      // And the schedule itself, kept by all three: several due times, none run twice.
      await expect.poll(() => new Set(runs).size, { timeout: 15_000 }).toBeGreaterThanOrEqual(4)
    } finally {
      for (const jobs of instances.slice(1)) await jobs.stop()
    }
    expect(runs.length).toBe(new Set(runs).size)
  })
})
