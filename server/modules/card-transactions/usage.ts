import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { cardTransactions } from '../../db/schema'
import type { Tx } from '../../ledger/store'
import { periodStarts, type LimitUsage } from './limits'

/**
 * What a card's purchases already use of its limits in the UTC day, the UTC month and the
 * lifetime of `at`: pending ones count what they hold, cleared ones what they cleared;
 * reversed, expired and declined ones count nothing, and a refund gives nothing back (limits
 * are on spending, not on the net). The one reading of "used": an authorisation's decision
 * (`handlers.ts`, inside its transaction, after the card's row lock) and the card detail's
 * limits (`/card/limits`) both call it, so the screen shows exactly what the next decision
 * will count.
 */
export async function usageOf(db: Db | Tx, cardId: number, at: Date): Promise<LimitUsage> {
  const { day, month } = periodStarts(at)
  const nextDay = new Date(day.getTime() + 86_400_000)
  const nextMonth = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1))
  // A cleared purchase counts what it cleared; a pending one what it holds.
  const used = sql`case when ${cardTransactions.status} = 'success' then ${cardTransactions.clearedAmount} else ${cardTransactions.cardAmount} end`
  const t = cardTransactions.occurredAt
  const [row] = await db
    .select({
      day: sql<string>`coalesce(sum(${used}) filter (where ${t} >= ${day} and ${t} < ${nextDay}), 0)`,
      month: sql<string>`coalesce(sum(${used}) filter (where ${t} >= ${month} and ${t} < ${nextMonth}), 0)`,
      lifetime: sql<string>`coalesce(sum(${used}), 0)`,
    })
    .from(cardTransactions)
    .where(
      and(
        eq(cardTransactions.cardId, cardId),
        eq(cardTransactions.type, 'purchase'),
        sql`${cardTransactions.status} in ('pending', 'success')`,
      ),
    )
  return { day: Number(row.day), month: Number(row.month), lifetime: Number(row.lifetime) }
}
