import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { userColumnSetups, type StoredColumn } from '../../db/schema'

export async function readColumns(db: Db, userId: number, screen: string): Promise<StoredColumn[]> {
  const [row] = await db
    .select({ columns: userColumnSetups.columns })
    .from(userColumnSetups)
    .where(and(eq(userColumnSetups.userId, userId), eq(userColumnSetups.screen, screen)))
  return row?.columns ?? []
}

/** Replaces the user's setup of a screen; an empty list removes it. */
export async function writeColumns(
  db: Db,
  userId: number,
  screen: string,
  columns: StoredColumn[],
  now: Date,
): Promise<void> {
  const mine = and(eq(userColumnSetups.userId, userId), eq(userColumnSetups.screen, screen))
  if (columns.length === 0) {
    await db.delete(userColumnSetups).where(mine)
    return
  }
  await db
    .insert(userColumnSetups)
    .values({ userId, screen, columns, updatedAt: now })
    .onConflictDoUpdate({
      target: [userColumnSetups.userId, userColumnSetups.screen],
      set: { columns, updatedAt: now },
    })
}
