import { and, asc, eq, isNull, notExists, or, sql } from 'drizzle-orm'
import { merchantIdScope, merchantScope, type Reach } from '../../auth/scope'
import type { Db } from '../../db/client'
import {
  cardBinAssignments,
  cardBins,
  cardGroupCards,
  cardGroupRules,
  cardGroups,
  cardholders,
  cards,
  cardTransactions,
  ledgerAccounts,
} from '../../db/schema'
import { BizError } from '../../http/errors'
import { GroupRules } from './rules'

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
export const cardScope = (reach: Reach) => merchantIdScope(reach, cards.merchantId)

/** A group's member cards with their card rows, in the order they joined. */
export function memberCards(db: Db, groupId: number) {
  return db
    .select({ member: cardGroupCards, card: cards })
    .from(cardGroupCards)
    .innerJoin(cards, eq(cards.id, cardGroupCards.cardId))
    .where(eq(cardGroupCards.groupId, groupId))
    .orderBy(asc(cardGroupCards.id))
}

/** The merchant's own rules and every platform rule, by name (visibility is checked after). */
export function candidateRules(db: Db, merchantId: number) {
  return db
    .select()
    .from(cardGroupRules)
    .where(or(eq(cardGroupRules.merchantId, merchantId), isNull(cardGroupRules.merchantId)))
    .orderBy(asc(cardGroupRules.name), asc(cardGroupRules.id))
}

/** Active shared-mode BINs of a currency assigned to the merchant or its company. */
export function sharedBins(db: Db, merchant: { id: number; companyId: number }, currency: string) {
  return db
    .selectDistinct({ id: cardBins.id, bin: cardBins.bin, scheme: cardBins.scheme })
    .from(cardBins)
    .innerJoin(cardBinAssignments, eq(cardBinAssignments.cardBinId, cardBins.id))
    .where(
      and(
        eq(cardBins.active, true),
        eq(cardBins.cardMode, 'shared'),
        eq(cardBins.currency, currency),
        or(
          eq(cardBinAssignments.merchantId, merchant.id),
          eq(cardBinAssignments.companyId, merchant.companyId),
        ),
      ),
    )
    .orderBy(asc(cardBins.bin))
}

/** The merchant's cardholders, by last name. */
export function merchantCardholders(db: Db, merchantId: number) {
  return db
    .select()
    .from(cardholders)
    .where(eq(cardholders.merchantId, merchantId))
    .orderBy(asc(cardholders.lastName), asc(cardholders.id))
}

/** The merchant's active shared-mode cards of a currency outside any group (at most 200). */
export function movableCards(db: Db, merchantId: number, currency: string) {
  return db
    .select()
    .from(cards)
    .where(
      and(
        eq(cards.merchantId, merchantId),
        eq(cards.status, 'active'),
        eq(cards.cardMode, 'shared'),
        eq(cards.currency, currency),
        notExists(
          db
            .select({ one: sql`1` })
            .from(cardGroupCards)
            .where(eq(cardGroupCards.cardId, cards.id)),
        ),
      ),
    )
    .orderBy(asc(cards.id))
    .limit(200)
}
