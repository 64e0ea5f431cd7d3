import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm'
import { companyScope, merchantIdScope, type Reach } from '../../auth/scope'
import type { Db } from '../../db/client'
import { cardGroupRules, cardGroupRuleVisibility, cardGroups } from '../../db/schema'

const r = cardGroupRules
const v = cardGroupRuleVisibility

/**
 * The rules a caller sees (docs/groups.md): the platform all; a company user the merchant-level
 * rules of the merchants it reaches (with a merchant access list: the listed ones) and the
 * platform rules visible to one of its companies or of those merchants; a merchant user its own
 * rules and the platform rules visible to it or to its company.
 */
export function ruleScope(reach: Reach): SQL | undefined {
  if (reach.kind === 'platform') return undefined
  const visibleTo = or(companyScope(reach, v.companyId), merchantIdScope(reach, v.merchantId))
  return or(
    merchantIdScope(reach, r.merchantId),
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
