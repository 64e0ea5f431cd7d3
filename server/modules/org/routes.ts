import { z } from '@hono/zod-openapi'
import { id } from '../../../src/lib/validators'
import { and, asc, eq } from 'drizzle-orm'
import { SESSION } from '../../auth/permissions'
import {
  companyScope,
  merchantColumns,
  merchantScope,
  reachOf,
  requireCompany,
  requireMerchant,
} from '../../auth/scope'
import { companies, merchants } from '../../db/schema'
import { action } from '../../http/action'
import type { AdminApp } from '../../http/context'
import { CommonRules } from '../../http/errors'
import { ok } from '../../http/respond'
import { companyTree, type CompanyNode } from './tree'

const TAG = 'org'

const CompanyNodeSchema: z.ZodType<CompanyNode> = z
  .object({
    id: z.number().int(),
    pid: z.number().int().nullable().openapi({ description: 'null for the roots the caller sees' }),
    name: z.string(),
    get childs() {
      return z.array(CompanyNodeSchema)
    },
  })
  .openapi('CompanyNode')

const MerchantItem = z
  .object({
    merchantId: z.number().int(),
    name: z.string(),
    companyId: z.number().int(),
    companyName: z.string(),
    country: z.string().nullable(),
    active: z.boolean(),
  })
  .openapi('MerchantItem')

const MerchantDetail = MerchantItem.extend({
  registrationNo: z.string().nullable(),
  address: z.string().nullable(),
  referralCode: z.string().nullable(),
  createdAt: z.string().openapi({ description: 'UTC ISO 8601' }),
}).openapi('MerchantDetail')

const merchantFields = {
  merchantId: merchants.id,
  name: merchants.name,
  companyId: merchants.companyId,
  companyName: companies.name,
  country: merchants.country,
  active: merchants.active,
}

/** The caller's reach as selection data: the company tree and the merchants (DESIGN §5). */
export function registerOrg(app: AdminApp) {
  app.openapi(
    action({
      path: '/org/companyTree',
      tag: TAG,
      summary: 'The companies the caller reaches, as a selection tree',
      permission: SESSION,
      data: z.array(CompanyNodeSchema),
    }),
    async (c) => {
      const { db } = c.var.deps
      const reach = await reachOf(db, c.var.actor)
      const rows = await db
        .select({ id: companies.id, parentId: companies.parentId, name: companies.name })
        .from(companies)
        .where(companyScope(reach, companies.id))
        .orderBy(asc(companies.name), asc(companies.id))
      return ok(c, companyTree(rows))
    },
  )

  app.openapi(
    action({
      path: '/org/merchantList',
      tag: TAG,
      summary: 'The merchants the caller reaches, optionally of one company',
      permission: SESSION,
      body: z.object({ companyId: id().optional() }),
      data: z.array(MerchantItem),
      rules: [CommonRules.notFound],
    }),
    async (c) => {
      const { companyId } = c.req.valid('json')
      const { db } = c.var.deps
      const reach = await reachOf(db, c.var.actor)
      if (companyId !== undefined) await requireCompany(db, reach, companyId)
      const rows = await db
        .select(merchantFields)
        .from(merchants)
        .innerJoin(companies, eq(companies.id, merchants.companyId))
        .where(
          and(
            merchantScope(reach, merchantColumns),
            companyId === undefined ? undefined : eq(merchants.companyId, companyId),
          ),
        )
        .orderBy(asc(merchants.name), asc(merchants.id))
      return ok(c, rows)
    },
  )

  app.openapi(
    action({
      path: '/org/merchantDetail',
      tag: TAG,
      summary: 'One merchant in reach (out of reach answers 404, as a missing one)',
      permission: SESSION,
      body: z.object({ merchantId: id() }),
      data: MerchantDetail,
      rules: [CommonRules.notFound],
    }),
    async (c) => {
      const { merchantId } = c.req.valid('json')
      const { db } = c.var.deps
      const m = await requireMerchant(db, await reachOf(db, c.var.actor), merchantId)
      const [company] = await db
        .select({ name: companies.name })
        .from(companies)
        .where(eq(companies.id, m.companyId))
      return ok(c, {
        merchantId: m.id,
        name: m.name,
        companyId: m.companyId,
        companyName: company.name,
        country: m.country,
        active: m.active,
        registrationNo: m.registrationNo,
        address: m.address,
        referralCode: m.referralCode,
        createdAt: m.createdAt.toISOString(),
      })
    },
  )
}
