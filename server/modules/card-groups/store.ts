import { and, eq, sql } from 'drizzle-orm'
import { merchantScope, type Reach } from '../../auth/scope'
import type { Db } from '../../db/client'
import {
  cardGroupCards,
  cardGroupRules,
  cardGroups,
  cards,
  cardTransactions,
  ledgerAccounts,
} from '../../db/schema'
import type { AccountKey } from '../../ledger/accounts'
import { BizError } from '../../http/errors'
import { GroupRules } from './rules'

/** A group's money: the ledger account `group_pool / group / <id>` in the group's currency. */
export const poolKey = (groupId: number, currency: string): AccountKey => ({
  type: 'group_pool',
  ownerType: 'group',
  ownerId: groupId,
  currency,
})

export const groupScope = (reach: Reach) =>
  merchantScope(reach, { merchantId: cardGroups.merchantId, companyId: cardGroups.companyId })

/** Cards that count in a group: every member except failed and cancelled cards. */
export const COUNTED = sql`c.status not in ('failed', 'cancelled')`

export const allocatedOf =
  sql<number>`(select coalesce(sum(m.card_limit), 0)::bigint from ${cardGroupCards} m join ${cards} c on c.id = m.card_id where m.group_id = ${cardGroups.id} and ${COUNTED})`.mapWith(
    Number,
  )
export const cardCountOf =
  sql<number>`(select count(*)::int from ${cardGroupCards} m join ${cards} c on c.id = m.card_id where m.group_id = ${cardGroups.id} and ${COUNTED})`.mapWith(
    Number,
  )

/** The pool account joined to its group (it opens with the group, so it is always there). */
export const poolJoin = and(
  eq(ledgerAccounts.type, 'group_pool'),
  eq(ledgerAccounts.ownerType, 'group'),
  eq(ledgerAccounts.ownerId, cardGroups.id),
  eq(ledgerAccounts.currency, cardGroups.currency),
)

export type GroupRow = typeof cardGroups.$inferSelect
export type RuleRow = typeof cardGroupRules.$inferSelect

/** The group (locked when asked) with its rule, if the caller reaches it; 404 otherwise. */
export async function groupInReach(db: Db, reach: Reach, id: number, lock: boolean) {
  const q = db
    .select({ group: cardGroups })
    .from(cardGroups)
    .where(and(eq(cardGroups.id, id), groupScope(reach)))
  const [row] = lock ? await q.for('update') : await q
  if (!row) throw new BizError(GroupRules.groupNotFound)
  const [rule] = await db
    .select()
    .from(cardGroupRules)
    .where(eq(cardGroupRules.id, row.group.ruleId))
  return { group: row.group, rule }
}

/** The counted cards' limits of a group, by card id. */
export async function memberLimits(db: Db, groupId: number) {
  const rows = await db
    .select({ cardId: cardGroupCards.cardId, cardLimit: cardGroupCards.cardLimit })
    .from(cardGroupCards)
    .innerJoin(cards, eq(cards.id, cardGroupCards.cardId))
    .where(
      and(eq(cardGroupCards.groupId, groupId), sql`${cards.status} not in ('failed', 'cancelled')`),
    )
  return new Map(rows.map((r) => [r.cardId, r.cardLimit]))
}

/** What each card spent from the group's pool (pending holds and cleared amounts). */
export async function usedInGroup(db: Db, groupId: number, cardIds?: number[]) {
  const used = sql`case when ${cardTransactions.status} = 'success' then ${cardTransactions.clearedAmount} else ${cardTransactions.cardAmount} end`
  const rows = await db
    .select({
      cardId: cardTransactions.cardId,
      used: sql<string>`coalesce(sum(${used}), 0)`,
    })
    .from(cardTransactions)
    .where(
      and(
        eq(cardTransactions.groupId, groupId),
        eq(cardTransactions.type, 'purchase'),
        sql`${cardTransactions.status} in ('pending', 'success')`,
        cardIds?.length ? sql`${cardTransactions.cardId} in ${cardIds}` : undefined,
      ),
    )
    .groupBy(cardTransactions.cardId)
  return new Map(rows.map((r) => [r.cardId, Number(r.used)]))
}

/** The pool account's sums. */
export async function poolAccount(db: Db, groupId: number, currency: string) {
  const [row] = await db
    .select()
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.type, 'group_pool'),
        eq(ledgerAccounts.ownerType, 'group'),
        eq(ledgerAccounts.ownerId, groupId),
        eq(ledgerAccounts.currency, currency),
      ),
    )
  return row ?? null
}

/** Cards of the merchants in reach (for row locks, without a join). */
export function cardScope(reach: Reach) {
  if (reach.kind === 'platform') return undefined
  if (reach.kind === 'merchant') return eq(cards.merchantId, reach.merchantId)
  if (!reach.companyIds.length) return sql`false`
  return sql`${cards.merchantId} in (select m.id from merchants m where m.company_id in ${reach.companyIds})`
}
