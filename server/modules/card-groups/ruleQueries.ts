import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { Reach } from '../../auth/scope'
import type { Db } from '../../db/client'
import { cardGroupRules, cardGroupRuleVisibility, cardGroups, merchants } from '../../db/schema'

const r = cardGroupRules
const v = cardGroupRuleVisibility

/** `column in (ids)`, false for an empty list. */
const within = (column: typeof v.companyId, ids: number[]) =>
  ids.length ? inArray(column, ids) : sql`false`

const merchantsOf = (companyIds: number[]) =>
  companyIds.length
    ? sql`(select m.id from ${merchants} m where m.company_id in ${companyIds})`
    : sql`(select null::int where false)`

/**
 * The rules a caller sees (docs/groups.md): the platform all; a company user the merchant-level
 * rules of its subtree's merchants and the platform rules visible to one of its companies or
 * their merchants; a merchant user its own rules and the platform rules visible to it or to its
 * company.
 */
export function ruleScope(reach: Reach): SQL | undefined {
  if (reach.kind === 'platform') return undefined
  const visibleTo =
    reach.kind === 'merchant'
      ? or(eq(v.merchantId, reach.merchantId), within(v.companyId, reach.companyIds))
      : or(
          within(v.companyId, reach.companyIds),
          sql`${v.merchantId} in ${merchantsOf(reach.companyIds)}`,
        )
  const own =
    reach.kind === 'merchant'
      ? eq(r.merchantId, reach.merchantId)
      : sql`${r.merchantId} in ${merchantsOf(reach.companyIds)}`
  return or(
    own,
    and(
      isNull(r.merchantId),
      sql`exists (select 1 from ${v} where ${v.ruleId} = ${r.id} and ${visibleTo})`,
    ),
  )
}

/**
 * Whether a merchant may make a group from the rule: its own merchant-level rule, or a platform
 * rule visible to the merchant or to its company.
 */
export async function ruleVisibleTo(
  db: Db,
  ruleId: number,
  merchant: { id: number; companyId: number },
) {
  const [row] = await db
    .select()
    .from(r)
    .where(
      and(
        eq(r.id, ruleId),
        or(
          eq(r.merchantId, merchant.id),
          and(
            isNull(r.merchantId),
            sql`exists (select 1 from ${v} where ${v.ruleId} = ${r.id} and (${v.merchantId} = ${merchant.id} or ${v.companyId} = ${merchant.companyId}))`,
          ),
        ),
      ),
    )
  return row ?? null
}

/** How many groups were made from each rule. */
export const groupCountOf =
  sql<number>`(select count(*)::int from ${cardGroups} g where g.rule_id = ${r.id})`.mapWith(Number)
export const visibleCountOf =
  sql<number>`(select count(*)::int from ${v} where ${v.ruleId} = ${r.id})`.mapWith(Number)
