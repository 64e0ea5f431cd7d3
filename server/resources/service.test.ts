import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { defineResource, field, filter } from '../../src/resources/kit'
import { loadActor } from '../auth/actor'
import { companyScope } from '../auth/scope'
import { companies, merchants, users } from '../db/schema'
import { BizError, rule } from '../http/errors'
import { translator } from '../i18n'
import { createTestApi, type TestApi } from '../testing/harness'
import type { ServiceContext } from './context'
import { resourceService } from './service'

/**
 * The services of a scoped resource, called without HTTP (as a job would): a company user
 * reaches its subtree's rows only, in lists, details and exports. Merchants stand in for the
 * tenant-owned screens still to come.
 */

const merchantResource = defineResource({
  name: 'TestMerchant',
  api: '/test-merchant',
  // A stand-in: no tenant-owned screen exists yet.
  screen: 'dict-management',
  form: 'dict-management-save',
  buttons: ['add', 'edit', 'delete'],
  row: z.object({ id: z.number(), companyId: z.number(), name: z.string() }),
  save: z.object({ id: z.number().optional(), name: z.string() }),
  sortable: ['name'],
  defaultSort: { field: 'name', order: 'asc' },
  filters: { name: filter.text() },
  scope: 'companyId',
  messages: 'dict:dict',
  fields: { name: field.text('export') },
})

const service = resourceService(merchantResource, {
  table: merchants,
  id: merchants.id,
  fields: { id: merchants.id, companyId: merchants.companyId, name: merchants.name },
  columns: { name: merchants.name },
  toRow: (r) => r,
  scope: (reach) => companyScope(reach, merchants.companyId),
  // Any kit name of the audit catalogue: this store's writes are not what is tested here.
  audit: 'balance',
  rules: { notFound: rule(404, 'refusals:notFound', 404) },
})

let api: TestApi
let outsideId: number
const ctxOf = async (loginName: string): Promise<ServiceContext> => {
  const [user] = await api.deps.db.select().from(users).where(eq(users.loginName, loginName))
  return {
    db: api.deps.db,
    actor: await loadActor(api.deps.db, user),
    clock: api.clock,
    t: translator('en-US'),
    requestId: 'job-1',
  }
}
const page = { pageNum: 1, pageSize: 200 } as const

beforeAll(async () => {
  api = await createTestApi()
  const [other] = await api.deps.db.insert(companies).values({ name: 'Elsewhere Ltd' }).returning()
  const [m] = await api.deps.db
    .insert(merchants)
    .values({ companyId: other.id, name: 'Outside merchant' })
    .returning()
  outsideId = m.id
})
afterAll(() => api.close())

describe('a scoped resource', () => {
  it('shows the platform every row and a company user its subtree only', async () => {
    const all = await service.list(await ctxOf('admin'), page as never)
    const mine = await service.list(await ctxOf('company.admin'), page as never)
    expect(all.list.map((r) => r.id)).toContain(outsideId)
    expect(mine.list.map((r) => r.id)).not.toContain(outsideId)
    expect(mine.total).toBe(all.total - 1)
    expect(mine.total).toBeGreaterThan(0)
  })

  it('answers a detail outside the reach as not found', async () => {
    const company = await ctxOf('company.admin')
    await expect(service.detail(company, outsideId)).rejects.toBeInstanceOf(BizError)
    expect((await service.detail(await ctxOf('admin'), outsideId)).name).toBe('Outside merchant')
  })

  it('exports only the rows in reach, and sees nothing without an actor', async () => {
    const rows = []
    for await (const r of service.exportRows(await ctxOf('company.admin'), {} as never))
      rows.push(r)
    expect(rows.map((r) => r.id)).not.toContain(outsideId)
    const { actor: _none, ...anonymous } = await ctxOf('admin')
    expect((await service.list(anonymous, page as never)).total).toBe(0)
  })
})
