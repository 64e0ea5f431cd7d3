import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client'
import { companies, merchants, userMerchants } from '../db/schema'
import { BizError, CommonRules } from '../http/errors'
import { reachableCompanyIds, type Actor } from './actor'

/**
 * What a caller reaches (DESIGN §5 tenancy): the platform sees everything, a company user its
 * company's subtree, a merchant user its own merchant and that merchant's company only. Every
 * module scopes its queries through this file so the rule lives in one place.
 *
 * A company user reaches every merchant of its subtree, unless its merchant access is a list
 * (`users.all_merchants` false, the merchants in `user_merchants`): then only those merchants
 * (`merchantIds`), while company-level rows of its subtree stay in reach.
 */
export type Reach =
  | { kind: 'platform' }
  | { kind: 'company'; companyIds: number[]; merchantIds?: number[] }
  | { kind: 'merchant'; companyIds: number[]; merchantId: number }

export type MerchantRow = typeof merchants.$inferSelect

export async function reachOf(db: Db, actor: Actor): Promise<Reach> {
  if (actor.merchantId !== null) {
    // The merchant row, not the user's company column, says which company a merchant user sees.
    const [m] = await db
      .select({ companyId: merchants.companyId })
      .from(merchants)
      .where(eq(merchants.id, actor.merchantId))
    return { kind: 'merchant', companyIds: m ? [m.companyId] : [], merchantId: actor.merchantId }
  }
  const ids = await reachableCompanyIds(db, actor)
  if (ids === 'all') return { kind: 'platform' }
  if (actor.allMerchants) return { kind: 'company', companyIds: ids }
  // The list, within the subtree: a merchant moved out of it is out of reach.
  const listed = await db
    .select({ id: userMerchants.merchantId })
    .from(userMerchants)
    .innerJoin(merchants, eq(merchants.id, userMerchants.merchantId))
    .where(and(eq(userMerchants.userId, actor.userId), within(merchants.companyId, ids)))
  return { kind: 'company', companyIds: ids, merchantIds: listed.map((r) => r.id) }
}

/** `column in (ids)`, false for an empty list (drizzle versions differ on empty `in`). */
function within(column: AnyPgColumn, ids: number[]): SQL {
  return ids.length ? inArray(column, ids) : sql`false`
}

/** A where-condition limiting rows to the companies in reach; undefined means no limit. */
export function companyScope(reach: Reach, companyIdColumn: AnyPgColumn): SQL | undefined {
  return reach.kind === 'platform' ? undefined : within(companyIdColumn, reach.companyIds)
}

/**
 * A where-condition limiting rows to the merchants in reach, for tables that carry both the
 * merchant and its company (a merchant user: its merchant; a company user: its subtree).
 */
export function merchantScope(
  reach: Reach,
  columns: { merchantId: AnyPgColumn; companyId: AnyPgColumn },
): SQL | undefined {
  if (reach.kind === 'platform') return undefined
  if (reach.kind === 'merchant') return eq(columns.merchantId, reach.merchantId)
  if (reach.merchantIds) {
    return and(
      within(columns.companyId, reach.companyIds),
      within(columns.merchantId, reach.merchantIds),
    )
  }
  return within(columns.companyId, reach.companyIds)
}

/** The merchants table's own columns for `merchantScope`. */
export const merchantColumns = { merchantId: merchants.id, companyId: merchants.companyId }

export function reachesMerchant(reach: Reach, merchant: { id: number; companyId: number }) {
  if (reach.kind === 'platform') return true
  if (reach.kind === 'merchant') return merchant.id === reach.merchantId
  if (reach.merchantIds && !reach.merchantIds.includes(merchant.id)) return false
  return reach.companyIds.includes(merchant.companyId)
}

/**
 * The merchant, if the caller reaches it. Out of reach answers exactly like a missing id
 * (404 by default; `refusal` gives an area's own "merchant not found" code and field message),
 * so nobody learns which ids exist elsewhere.
 */
export async function requireMerchant(
  db: Db,
  reach: Reach,
  merchantId: number,
  refusal: () => BizError = () => new BizError(CommonRules.notFound),
): Promise<MerchantRow> {
  const [row] = await db
    .select()
    .from(merchants)
    .where(and(eq(merchants.id, merchantId), merchantScope(reach, merchantColumns)))
  if (!row) throw refusal()
  return row
}

/** The company, if the caller reaches it; otherwise 404 as for a missing id. */
export async function requireCompany(db: Db, reach: Reach, companyId: number) {
  const [row] = await db
    .select()
    .from(companies)
    .where(and(eq(companies.id, companyId), companyScope(reach, companies.id)))
  if (!row) throw new BizError(CommonRules.notFound)
  return row
}
