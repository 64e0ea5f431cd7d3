import { inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { cards } from '../../db/schema'

/** The first of `ids` that cards were issued against (`column`: the card's cardholder or BIN). */
export async function firstWithCards(
  tx: Db,
  column: typeof cards.cardholderId | typeof cards.cardBinId,
  ids: number[],
): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: sql<number>`${column}` })
    .from(cards)
    .where(inArray(column, ids))
    .limit(1)
  return row ? Number(row.id) : undefined
}
