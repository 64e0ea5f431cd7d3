import { TEST_DATA_KEY } from '../cards/dataKey'
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { openSession } from '../auth/sessions'
import { loadConfig } from '../config'
import { users } from '../db/schema'
import { seed } from '../demo/seed'
import { systemClock, type Deps } from '../deps'
import { createMailer } from '../mail/mailer'
import {
  checkBank,
  newLog,
  openBank,
  runClient,
  type Answer,
  type Send,
  type TransferBody,
} from '../testing/bank'
import { createTestApi, type TestApi } from '../testing/harness'
import { openTestDatabase } from '../testing/testDatabase'
import { freePort, ServerProcess, sleep } from '../testing/serverProcess'
import { verifyLedger } from './verify'
import { Telemetry } from '../telemetry/recorder'

const CLIENTS = 8
const ACCOUNTS = 5

describe('bank test through POST /admin/accounts/transfer', () => {
  let api: TestApi
  beforeAll(async () => {
    api = await createTestApi()
  })
  afterAll(() => api.close())

  it('keeps the total, never overdraws, and records each acknowledged request once', async () => {
    {
      const accounts = await openBank(api.deps.db, api.clock, ACCOUNTS)
      const [admin] = await api.deps.db.select().from(users).where(eq(users.loginName, 'admin'))
      const { token } = await openSession(api.deps, admin.id, 'full', {})
      const send: Send = async (body) =>
        (await api.call('/accounts/transfer', body, { token })) as Answer
      const log = newLog()
      await Promise.all(
        Array.from({ length: CLIENTS }, (_, i) =>
          runClient(`c${i}`, accounts, send, log, 1000 + i, (n) => n < 16),
        ),
      )
      expect(await checkBank(api.deps.db, accounts, log)).toEqual([])
      // The run exercised every path: movements, refusals, retries and reuses.
      expect(log.acknowledged.size).toBeGreaterThan(40)
      expect(log.refused).toBeGreaterThan(0)
      expect(log.retriesMatched).toBeGreaterThan(0)
      expect(log.reuseRefused).toBeGreaterThan(0)
      const report = await verifyLedger(api.deps.db)
      expect(report.mismatches).toEqual([])
    }
  }, 60_000)
})

describe.skipIf(!process.env.DATABASE_URL)('bank test while the server is killed', () => {
  let server: ServerProcess | null = null
  afterAll(async () => {
    await server?.kill()
  })

  it('survives SIGKILL and restart: same invariants, and ledger:verify passes', async () => {
    const database = await openTestDatabase()
    try {
      await database.migrate()
      const deps: Deps = {
        db: database.db,
        config: loadConfig({ LOG_LEVEL: 'silent' }),
        clock: systemClock,
        mailer: createMailer({
          db: database.db,
          config: loadConfig({ LOG_LEVEL: 'silent' }),
          clock: systemClock,
          log: { info: () => {}, error: () => {} },
          dataKey: TEST_DATA_KEY,
        }),
        log: { info: () => {}, error: () => {} },
        dataKey: TEST_DATA_KEY,
        channelTransport: () => Promise.reject(new Error('no channels here')),
        telemetry: new Telemetry(systemClock),
      }
      await seed(deps, { demo: false, adminPassword: 'Admin@123456' })
      const accounts = await openBank(database.db, systemClock, ACCOUNTS)
      const [admin] = await database.db.select().from(users).where(eq(users.loginName, 'admin'))
      const { token } = await openSession(deps, admin.id, 'full', {})

      server = new ServerProcess(await freePort(), { DATABASE_URL: database.url! })
      await server.start()
      let lostAnswers = 0
      // A request whose answer is lost (the server died) is sent again, unchanged, until the
      // server answers: that is what a careful client does, and what requestId is for.
      const send: Send = async (body: TransferBody) => {
        for (;;) {
          try {
            const res = await fetch(`http://127.0.0.1:${server!.port}/admin/accounts/transfer`, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
              body: JSON.stringify(body),
              signal: AbortSignal.timeout(10_000),
            })
            return { status: res.status, body: await res.json() } as Answer
          } catch {
            lostAnswers++
            await sleep(50)
          }
        }
      }

      const log = newLog()
      let kills = 0
      const clients = Promise.all(
        Array.from({ length: CLIENTS }, (_, i) =>
          runClient(`k${i}`, accounts, send, log, 2000 + i, (n) => kills < 3 || n < 10),
        ),
      )
      // Three times: let the clients have answers from the server, kill it mid-flight, start it
      // again.
      for (; kills < 3;) {
        const seen = log.acknowledged.size
        await vi.waitFor(() => expect(log.acknowledged.size).toBeGreaterThan(seen + 10), {
          timeout: 30_000,
          interval: 20,
        })
        await server.kill()
        await server.start()
        kills++
      }
      await clients
      await server.kill()

      expect(await checkBank(database.db, accounts, log)).toEqual([])
      expect(log.acknowledged.size).toBeGreaterThan(30)
      expect(lostAnswers).toBeGreaterThan(0)
      expect((await verifyLedger(database.db)).mismatches).toEqual([])
      // And the command an operator runs says so too.
      const verify = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/ledger-verify.ts'], {
        cwd: path.resolve(import.meta.dirname, '../..'),
        env: { ...process.env, DATABASE_URL: database.url },
        encoding: 'utf8',
      })
      expect(verify.stdout).toContain('ledger:verify OK')
      expect(verify.status).toBe(0)
    } finally {
      await database.close()
    }
  }, 120_000)
})
