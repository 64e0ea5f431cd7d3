import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// The harness first: it loads zod's OpenAPI extension before the shared schemas are made.
import { createTestApi, type TestApi } from '../testing/harness'
import { jobSqlFor } from './database'
import { JobSystem } from './system'

/**
 * Instances started together on a database pg-boss has never seen (the cluster's first start):
 * both end started, whatever their queue-making runs into (on PostgreSQL, a deadlock between
 * one instance's `create_queue` and the other's).
 */
let api: TestApi
const errors: string[] = []
const log = { info: () => {}, error: (message: string) => void errors.push(message) }

beforeAll(async () => {
  api = await createTestApi()
})
afterAll(async () => {
  await api?.close()
})

function instance() {
  const jobs = new JobSystem(jobSqlFor(api.database), log)
  for (const name of ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta'])
    void jobs.define({ name, handler: async () => {} })
  return jobs
}

describe('job systems starting together on an empty database', () => {
  // PostgreSQL only: an embedded database belongs to one process (server/db/dataDirLock.ts).
  it.skipIf(!process.env.DATABASE_URL)(
    'all end started, each of them with every queue (tried again after a failed start)',
    async () => {
      for (let round = 0; round < 3; round++) {
        await api.database.db.execute(sql`drop schema if exists pgboss cascade`)
        const instances = [instance(), instance(), instance()]
        try {
          await Promise.all(instances.map((jobs) => jobs.keepStarting(50)))
          for (const jobs of instances) expect(jobs.started).toBe(true)
          const { rows } = await jobSqlFor(api.database).executeSql(
            `select name from pgboss.queue where name not like '%-dead' order by name`,
          )
          expect(rows.map((r) => (r as { name: string }).name)).toEqual([
            'alpha',
            'beta',
            'delta',
            'epsilon',
            'gamma',
            'zeta',
          ])
        } finally {
          for (const jobs of instances) await jobs.stop()
        }
      }
    },
    120_000,
  )

  it('a stop while it waits to try again ends the tries', async () => {
    const jobs = new JobSystem(
      { executeSql: () => Promise.reject(new Error('database unreachable')) },
      log,
    )
    const tries = jobs.keepStarting(10)
    await expect
      .poll(() => errors.filter((e) => e.includes('did not start')).length)
      .toBeGreaterThan(1)
    await jobs.stop()
    await tries
    expect(jobs.started).toBe(false)
  })
})
