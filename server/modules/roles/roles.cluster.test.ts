import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { openSession } from '../../auth/sessions'
import { TEST_DATA_KEY } from '../../cards/dataKey'
import { loadConfig } from '../../config'
import { buttons, menus, users } from '../../db/schema'
import { systemClock, type Deps } from '../../deps'
import { createMailer } from '../../mail/mailer'
import { Telemetry } from '../../telemetry/recorder'
import { freePort, ServerProcess } from '../../testing/serverProcess'
import { openTestDatabase } from '../../testing/testDatabase'

const ADD = 'parameter-management:add'
const EDIT = 'parameter-management:edit'

/**
 * Issue 20: a role changed through the role screen's save on one instance takes effect on the
 * other within a second — its grants cache drops when the database notifies the write
 * (server/cacheInvalidation.ts), not at a restart.
 */
describe.skipIf(!process.env.DATABASE_URL)('a role saved on instance A, on instance B', () => {
  const servers: ServerProcess[] = []
  afterAll(async () => {
    for (const s of servers) await s.kill()
  })

  it('refuses the removed button (1403) and no longer lists it in /menu/query', async () => {
    const database = await openTestDatabase()
    try {
      for (let i = 0; i < 2; i++)
        servers.push(
          new ServerProcess(await freePort(), {
            DATABASE_URL: database.url!,
            ADMIN_PASSWORD: 'Admin@123456',
          }),
        )
      const [a, b] = servers
      await Promise.all(servers.map((s) => s.start()))
      const log = { info: () => {}, error: () => {} }
      const config = loadConfig({ LOG_LEVEL: 'silent' })
      const deps: Deps = {
        db: database.db,
        config,
        clock: systemClock,
        mailer: createMailer({
          db: database.db,
          config,
          clock: systemClock,
          log,
          dataKey: TEST_DATA_KEY,
        }),
        log,
        dataKey: TEST_DATA_KEY,
        channelTransport: () => Promise.reject(new Error('no channels here')),
        telemetry: new Telemetry(systemClock),
      }
      const post = async (port: number, token: string, path: string, body: unknown) => {
        const res = await fetch(`http://127.0.0.1:${port}/admin${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(10_000),
        })
        return (await res.json()) as { code: number; data: any }
      }
      const [admin] = await database.db.select().from(users).where(eq(users.loginName, 'admin'))
      const adminToken = (await openSession(deps, admin.id, 'full', {})).token
      const ids = async () => {
        const [page] = await database.db
          .select()
          .from(menus)
          .where(eq(menus.name, 'parameter-management'))
        const rows = await database.db.select().from(buttons)
        const id = (code: string) => rows.find((r) => r.code === code)!.id
        return { page: page.id, add: id(ADD), edit: id(EDIT) }
      }
      const { page, add, edit } = await ids()
      const role = (buttonIds: number[], roleId?: number) => ({
        roleId,
        name: 'Parameter clerk',
        description: '',
        allMerchants: false,
        menuIds: [page],
        buttonIds,
      })

      // The role, with Add, through the role screen's save on A; a user holding it.
      const made = await post(a.port, adminToken, '/role/save', role([add, edit]))
      expect(made.code).toBe(0)
      const { roleId } = made.data
      const [clerk] = await database.db
        .insert(users)
        .values({ loginName: 'param.clerk', roleId, passwordHash: admin.passwordHash })
        .returning()
      const token = (await openSession(deps, clerk.id, 'full', {})).token
      expect(
        (await post(a.port, adminToken, '/parameter/save', { name: 'x.y', value: '1' })).code,
      ).toBe(0)

      // B caches the clerk's grants: Add passes (the duplicate name is refused after it) and
      // the menu lists the button.
      const addOnB = () => post(b.port, token, '/parameter/save', { name: 'x.y', value: '2' })
      const buttonsOnB = async () =>
        JSON.stringify((await post(b.port, token, '/menu/query', {})).data.systemMenuList)
      expect((await addOnB()).code).toBe(1301)
      expect(await buttonsOnB()).toContain(ADD)

      // Add removed on A, through the role screen's save.
      expect((await post(a.port, adminToken, '/role/save', role([edit], roleId))).code).toBe(0)

      // Required: refused on B within a second, and gone from B's menu.
      await vi.waitFor(async () => expect((await addOnB()).code).toBe(1403), {
        timeout: 1000,
        interval: 20,
      })
      const menu = await buttonsOnB()
      expect(menu).not.toContain(ADD)
      expect(menu).toContain(EDIT)
    } finally {
      for (const s of servers)
        if (!s.running && s.stderr.trim()) console.error(`instance on ${s.port}:`, s.stderr)
      for (const s of servers) await s.kill()
      await database.close()
    }
  }, 240_000)
})
