import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { menus, roleMenus, users } from './db/schema'
import { createTestApi, DEMO, type TestApi } from './testing/harness'

/** node-postgres answers `execute` with a result whose `rows` are the rows. */
const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows

/**
 * Issue 17, item 5: cached grants and menus follow the database on every instance. The
 * notifications themselves are proved by server/cluster.test.ts (two processes) and
 * server/http/hardening.test.ts; here, what happens when they cannot arrive.
 */
describe.skipIf(!process.env.DATABASE_URL)('change notifications lost and back', () => {
  let api: TestApi
  beforeAll(async () => {
    api = await createTestApi()
  })
  afterAll(() => api.close())

  it('a change made while the listening connection was down is seen: nothing stale is kept', async () => {
    const db = api.deps.db
    const auditor = await api.login(...DEMO.auditor)
    const names = async () =>
      JSON.stringify((await api.call('/menu/query', {}, { token: auditor })).body.data)
    expect(await names()).toContain('"nameKey":')
    const [user] = await db.select().from(users).where(eq(users.loginName, 'auditor'))
    const granted = await db.select().from(roleMenus).where(eq(roleMenus.roleId, user.roleId))
    const [page] = (
      await db
        .select()
        .from(menus)
        .where(
          inArray(
            menus.id,
            granted.map((g) => g.menuId),
          ),
        )
    ).filter((m) => m.category === 'page' && !m.isHidden)
    expect(await names()).toContain(`"nameKey":"${page.name}"`)

    // The server ends the listening session (failover, restart, an administrator's command).
    const ended = await db.execute<{ pg_terminate_backend: boolean }>(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query ilike 'listen vcc_cache%'`,
    )
    expect(rowsOf(ended)).toHaveLength(1)
    // A change no notification will tell of: made without firing the triggers (replica mode),
    // as one made while nobody listened would be missed.
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`)
      await tx.delete(roleMenus).where(eq(roleMenus.menuId, page.id))
    })
    // While the connection is down the cache is not used, and it is emptied when it is back.
    await vi.waitFor(async () => expect(await names()).not.toContain(`"nameKey":"${page.name}"`), {
      timeout: 5000,
      interval: 20,
    })
    // And it listens again: an ordinary change is notified and dropped.
    const [other] = await db.select().from(roleMenus).where(eq(roleMenus.roleId, user.roleId))
    const [otherPage] = await db.select().from(menus).where(eq(menus.id, other.menuId))
    await vi.waitFor(
      async () => {
        const listening = await db.execute<{ one: number }>(
          sql`select 1 as one from pg_stat_activity
              where datname = current_database() and query ilike 'listen vcc_cache%'`,
        )
        expect(rowsOf(listening)).toHaveLength(1)
      },
      { timeout: 5000, interval: 20 },
    )
    await names()
    await db.delete(roleMenus).where(eq(roleMenus.menuId, otherPage.id))
    await vi.waitFor(async () => expect(await names()).not.toContain(`"menuId":${otherPage.id},`), {
      timeout: 1000,
      interval: 20,
    })
  })
})
