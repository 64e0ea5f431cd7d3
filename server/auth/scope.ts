import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client'
import { companies, merchants, userMerchants, users } from '../db/schema'
import { BizError, CommonRules } from '../http/errors'
import { companySubtree, type Actor } from './actor'

/**
 * What a caller reaches (DESIGN §5 tenancy): the platform sees everything, a company user its
 * company's subtree, a merchant user its own merchant and that merchant's company only. Every
 * module scopes its queries through this file so the rule lives in one place.
 *
 * A company user reaches every merchant of its subtree, unless its merchant access is a list
 * (`users.all_merchants` false, the merchants in `user_merchants`): then only those merchants
 * (`merchantIds`), while company-level rows of its subtree stay in reach. Modules never read
 * `companyIds` to scope merchant rows themselves: a condition comes from `merchantScope`,
 * `merchantIdScope` or `tenantScope` (by the columns the table has), so the list applies
 * everywhere at once.
 */
export type Reach =
  | { kind: 'platform' }
  | { kind: 'company'; companyIds: number[]; merchantIds?: number[] }
  | { kind: 'merchant'; companyIds: number[]; merchantId: number }

export type MerchantRow = typeof merchants.$inferSelect

/**
 * Whom a reach is worked out for: an administrator's tenant and merchant access, as stored
 * (a signed-in actor, a target's row) or as a save proposes it.
 */
export interface ReachOwner {
  companyId: number | null
  merchantId: number | null
  /** false: only the merchants of the access list. */
  allMerchants: boolean
  /** The access list as proposed; when absent it is read from `user_merchants` for `userId`. */
  merchantIds?: readonly number[] | null
  userId?: number
}

export async function reachOf(db: Db, actor: Actor): Promise<Reach> {
  return reachOfOwner(db, actor)
}

export async function reachOfOwner(db: Db, owner: ReachOwner): Promise<Reach> {
  if (owner.merchantId !== null) {
    // The merchant row, not the user's company column, says which company a merchant user sees.
    const [m] = await db
      .select({ companyId: merchants.companyId })
      .from(merchants)
      .where(eq(merchants.id, owner.merchantId))
    return { kind: 'merchant', companyIds: m ? [m.companyId] : [], merchantId: owner.merchantId }
  }
  if (owner.companyId === null) {
    if (owner.allMerchants) return { kind: 'platform' }
    // A platform-level administrator with a merchant list (issue 25): the listed merchants and
    // the company-level rows of their companies, never the whole platform.
    const listed = await listedMerchants(db, owner)
    const companyIds = [...new Set(listed.map((m) => m.companyId))].sort((a, b) => a - b)
    return { kind: 'company', companyIds, merchantIds: listed.map((m) => m.id) }
  }
  const companyIds = await companySubtree(db, owner.companyId)
  if (owner.allMerchants) return { kind: 'company', companyIds }
  // The list, within the subtree: a merchant moved out of it is out of reach.
  const listed = await listedMerchants(db, owner, companyIds)
  return { kind: 'company', companyIds, merchantIds: listed.map((m) => m.id) }
}

/** The access list's merchants (within `companyIds` when given), in id order. */
async function listedMerchants(db: Db, owner: ReachOwner, companyIds?: number[]) {
  return db
    .select({ id: merchants.id, companyId: merchants.companyId })
    .from(merchants)
    .where(
      and(
        owner.merchantIds
          ? within(merchants.id, [...owner.merchantIds])
          : inArray(
              merchants.id,
              db
                .select({ id: userMerchants.merchantId })
                .from(userMerchants)
                .where(eq(userMerchants.userId, owner.userId ?? 0)),
            ),
        companyIds ? within(merchants.companyId, companyIds) : undefined,
      ),
    )
    .orderBy(merchants.id)
}

/**
 * Whether `inner` lies within `outer` (issue 25, "reach only narrows"): every company and
 * merchant row `inner` reaches, `outer` reaches too. An administrator is given, and may act on,
 * only reach within the caller's own.
 */
export function reachWithin(inner: Reach, outer: Reach): boolean {
  if (outer.kind === 'platform') return true
  if (inner.kind === 'platform') return false
  if (outer.kind === 'merchant')
    return inner.kind === 'merchant' && inner.merchantId === outer.merchantId
  if (inner.kind === 'merchant')
    return reachesMerchant(outer, { id: inner.merchantId, companyId: inner.companyIds[0] ?? -1 })
  if (!inner.companyIds.every((id) => outer.companyIds.includes(id))) return false
  if (!outer.merchantIds) return true
  return !!inner.merchantIds && inner.merchantIds.every((id) => outer.merchantIds!.includes(id))
}

/** `column in (ids)`, false for an empty list (drizzle versions differ on empty `in`). */
function within(column: AnyPgColumn, ids: number[]): SQL {
  return ids.length ? inArray(column, ids) : sql`false`
}

/** A where-condition limiting rows to the companies in reach; undefined means no limit. */
export function companyScope(reach: Reach, companyIdColumn: AnyPgColumn): SQL | undefined {
  return reach.kind === 'platform' ? undefined : within(companyIdColumn, reach.companyIds)
}

/** The columns that say whom a row belongs to: its merchant (null: company level) and company. */
export interface OwnerColumns {
  merchantId: AnyPgColumn
  companyId: AnyPgColumn
}

/**
 * A where-condition limiting rows to the merchants in reach, for tables that carry both the
 * merchant and its company (a merchant user: its merchant; a company user: its subtree's, or
 * with a merchant access list the listed ones). Rows without a merchant are out of reach.
 */
export function merchantScope(reach: Reach, columns: OwnerColumns): SQL | undefined {
  if (reach.kind === 'platform') return undefined
  if (reach.kind === 'merchant') return eq(columns.merchantId, reach.merchantId)
  return and(
    within(columns.companyId, reach.companyIds),
    reach.merchantIds ? within(columns.merchantId, reach.merchantIds) : undefined,
  )
}

/**
 * `merchantScope` for a table that carries only the merchant id (card transactions, cards):
 * no join, so a count reads the table alone. A company user's merchants are read from the
 * merchants table (its subtree's) or are its access list (already within the subtree).
 */
export function merchantIdScope(reach: Reach, merchantId: AnyPgColumn): SQL | undefined {
  if (reach.kind === 'platform') return undefined
  if (reach.kind === 'merchant') return eq(merchantId, reach.merchantId)
  if (reach.merchantIds) return within(merchantId, reach.merchantIds)
  if (!reach.companyIds.length) return sql`false`
  return sql`${merchantId} in (select ${merchants.id} from ${merchants} where ${inArray(merchants.companyId, reach.companyIds)})`
}

/**
 * Rows owned by a company or by one of its merchants (administrators, audit rows): a company
 * user reaches its subtree's company-level rows and the rows of the merchants in reach (with a
 * list: the listed ones only); a merchant user its merchant's rows only.
 *
 * A row with several owners (an audit row: its actor and its object) is in reach when one of
 * them is and none is a merchant out of reach, so a limited administrator does not read what
 * happened to another merchant through the company-level user who did it.
 */
export function tenantScope(reach: Reach, ...owners: OwnerColumns[]): SQL | undefined {
  if (reach.kind === 'platform') return undefined
  const own = (o: OwnerColumns) =>
    reach.kind === 'merchant'
      ? eq(o.merchantId, reach.merchantId)
      : and(
          within(o.companyId, reach.companyIds),
          reach.merchantIds
            ? or(isNull(o.merchantId), within(o.merchantId, reach.merchantIds))
            : undefined,
        )
  if (owners.length === 1) return own(owners[0])
  const merchantInReach = (o: OwnerColumns) =>
    reach.kind === 'merchant'
      ? eq(o.merchantId, reach.merchantId)
      : reach.merchantIds
        ? within(o.merchantId, reach.merchantIds)
        : within(o.companyId, reach.companyIds)
  return and(
    or(...owners.map(own)),
    ...owners.map((o) => or(isNull(o.merchantId), merchantInReach(o))),
  )
}

/** The users table's owner columns for `tenantScope`: the administrators a caller reaches. */
export const userColumns = { merchantId: users.merchantId, companyId: users.companyId }

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
