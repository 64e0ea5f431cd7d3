import { and, eq, sql } from 'drizzle-orm'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { openSession } from './auth/sessions'
import { TEST_DATA_KEY } from './cards/dataKey'
import { loadConfig } from './config'
import { buttons, roleButtons, users } from './db/schema'
import { systemClock, type Deps } from './deps'
import { verifyLedger } from './ledger/verify'
import { createMailer } from './mail/mailer'
import { Telemetry } from './telemetry/recorder'
import {
  checkBank,
  newLog,
  openBank,
  OPENING,
  runClient,
  type Answer,
  type TransferBody,
} from './testing/bank'
import { startRoundRobinProxy, type RoundRobinProxy } from './testing/roundRobinProxy'
import { freePort, ServerProcess, sleep } from './testing/serverProcess'
import { openTestDatabase } from './testing/testDatabase'

const CLIENTS = 6
const ACCOUNTS = 4
const RESTARTS = 2
const TRANSFER_BUTTON = 'accounts-transfer:transfer'

/**
 * Two instances on one PostgreSQL database behind a round-robin balancer (issue 17, items 4
 * and 5): they start together on an empty database, keep the bank's invariants while one of
 * them is killed and started again, and a right revoked in the database stops on both.
 */
describe.skipIf(!process.env.DATABASE_URL)('two instances on one PostgreSQL database', () => {
  const servers: ServerProcess[] = []
  let proxy: RoundRobinProxy | null = null
  afterAll(async () => {
    await proxy?.close()
    for (const s of servers) await s.kill()
  })

  it('start together on an empty database, keep the bank whole through a restart, and revoke a right on both within a second', async () => {
    const database = await openTestDatabase()
    try {
      // Both at the same moment, on a database nobody migrated: before the start-up lock one
      // of them died in the migrator (`duplicate key … pg_type_typname_nsp_index`).
      for (let i = 0; i < 2; i++) {
        servers.push(
          new ServerProcess(await freePort(), {
            DATABASE_URL: database.url!,
            ADMIN_PASSWORD: 'Admin@123456',
          }),
        )
      }
      const [a, b] = servers
      await Promise.all(servers.map((s) => s.start()))
      // Seeded once: one administrator, not one per instance.
      const admins = await database.db.select().from(users).where(eq(users.loginName, 'admin'))
      expect(admins).toHaveLength(1)

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
      const accounts = await openBank(database.db, systemClock, ACCOUNTS)
      const { token } = await openSession(deps, admins[0].id, 'full', {})
      proxy = await startRoundRobinProxy([a.port, b.port])

      const post = async (port: number, body: TransferBody): Promise<Answer> => {
        const res = await fetch(`http://127.0.0.1:${port}/admin/accounts/transfer`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(10_000),
        })
        return { status: res.status, body: await res.json() } as Answer
      }
      let lostAnswers = 0
      // A request whose answer is lost (its instance died) is sent again, unchanged, until
      // one answers: what a careful client does, and what requestId is for.
      const send = async (body: TransferBody) => {
        for (;;) {
          try {
            return await post(proxy!.port, body)
          } catch {
            lostAnswers++
            await sleep(50)
          }
        }
      }

      const log = newLog()
      let restarts = 0
      const clients = Promise.all(
        Array.from({ length: CLIENTS }, (_, i) =>
          runClient(`n${i}`, accounts, send, log, 3000 + i, (n) => restarts < RESTARTS || n < 8),
        ),
      )
      // Instance B is killed once clients have had answers from it, and started again.
      for (; restarts < RESTARTS; restarts++) {
        const seen = log.acknowledged.size
        await vi.waitFor(() => expect(log.acknowledged.size).toBeGreaterThan(seen + 10), {
          timeout: 30_000,
          interval: 20,
        })
        await b.kill()
        await b.start()
      }
      await clients

      expect(await checkBank(database.db, accounts, log)).toEqual([])
      expect(log.acknowledged.size).toBeGreaterThan(20)
      expect(lostAnswers).toBeGreaterThan(0)
      expect((await verifyLedger(database.db)).mismatches).toEqual([])

      // Both instances have the administrator's grants cached: a transfer larger than any
      // balance passes the permission check and is refused for its amount (2001), no money moves.
      const tooLarge: TransferBody = {
        fromAccountId: accounts[0],
        toAccountId: accounts[1],
        amount: OPENING * ACCOUNTS + 1,
        currency: 'EUR',
        requestId: 'cluster-revoke-probe',
      }
      for (const s of [a, b]) expect((await post(s.port, tooLarge)).body.code).toBe(2001)
      // The right is removed in the database, by neither instance (a third connection).
      const [button] = await database.db
        .select()
        .from(buttons)
        .where(eq(buttons.code, TRANSFER_BUTTON))
      await database.db
        .delete(roleButtons)
        .where(and(eq(roleButtons.roleId, admins[0].roleId), eq(roleButtons.buttonId, button.id)))
      // Required: refused on every instance within a second (before: allowed until a restart).
      for (const s of [a, b]) {
        await vi.waitFor(
          async () => {
            const answer = await post(s.port, tooLarge)
            expect([answer.status, answer.body.code]).toEqual([403, 1403])
          },
          { timeout: 1000, interval: 20 },
        )
      }
      // Given back behind the triggers' back (replica mode fires none), then `/cache/refresh`
      // on A: B drops its cache too (before: only the instance that got the call did).
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`)
        await tx.insert(roleButtons).values({ roleId: admins[0].roleId, buttonId: button.id })
      })
      const refresh = await fetch(`http://127.0.0.1:${a.port}/admin/cache/refresh`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: '{}',
      })
      expect((await refresh.json()).code).toBe(0)
      await vi.waitFor(async () => expect((await post(b.port, tooLarge)).body.code).toBe(2001), {
        timeout: 1000,
        interval: 20,
      })
    } finally {
      // An instance that died on its own says why (its stderr), or the failure would only
      // read "connection refused".
      for (const s of servers)
        if (!s.running && s.stderr.trim()) console.error(`instance on ${s.port}:`, s.stderr)
      await proxy?.close()
      proxy = null
      for (const s of servers) await s.kill()
      await database.close()
    }
  }, 110_000)
})
