import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buttons, roles } from '../../db/schema'
import { createTestApi, type TestApi } from '../../testing/harness'
import { sessionFor } from '../../testing/sessions'

/*
 * `/menu/version`: the fingerprint the console polls to follow its rights. It is the one the
 * menus came with while the role stands, and another as soon as the role changes, so an open
 * console notices a button taken away (docs/console-shell.md, "Rights follow at once").
 */
let api: TestApi
let admin: string
let merchant: string

beforeAll(async () => {
  api = await createTestApi()
  ;[admin, merchant] = await Promise.all(['admin', 'merchant.user'].map((n) => sessionFor(api, n)))
})
afterAll(() => api.close())

const version = async (token: string) =>
  (await api.call<{ rightsVersion: string }>('/menu/version', {}, { token })).body.data
    .rightsVersion

describe('/menu/version', () => {
  it('matches the menus, and changes when the caller’s role loses a button', async () => {
    const menus = await api.call<{ rightsVersion: string }>('/menu/query', {}, { token: merchant })
    const before = await version(merchant)
    expect(before).toBe(menus.body.data.rightsVersion)
    expect(await version(merchant)).toBe(before)
    expect(await version(admin)).not.toBe(before)

    const [role] = await api.deps.db.select().from(roles).where(eq(roles.name, 'Merchant user'))
    const detail = await api.call<{ menuIds: number[]; buttonIds: number[] }>(
      '/role/detail',
      { roleId: role.id },
      { token: admin },
    )
    const [freeze] = await api.deps.db
      .select()
      .from(buttons)
      .where(eq(buttons.code, 'cards-balance:freeze'))
    const saved = await api.call(
      '/role/save',
      {
        roleId: role.id,
        name: role.name,
        description: role.description,
        allMerchants: role.allMerchantAccess,
        menuIds: detail.body.data.menuIds,
        buttonIds: detail.body.data.buttonIds.filter((id) => id !== freeze.id),
      },
      { token: admin },
    )
    expect(saved.body.code).toBe(0)
    // On PostgreSQL the grants cache is dropped by a notification, within a second of the
    // commit (DESIGN §2), so the new version is waited for rather than read at once.
    await expect.poll(() => version(merchant)).not.toBe(before)
    const after = await version(merchant)
    const again = await api.call<{ rightsVersion: string }>('/menu/query', {}, { token: merchant })
    expect(again.body.data.rightsVersion).toBe(after)
  })
})
