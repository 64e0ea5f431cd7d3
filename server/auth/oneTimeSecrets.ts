import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { oneTimeSecrets } from '../db/schema'

/** What a one-time secret is for; each purpose has its own validity and attempt rules. */
export type SecretPurpose = 'signin_code' | 'password_reset' | 'activation'

export type SecretRow = typeof oneTimeSecrets.$inferSelect

/**
 * Stores a new secret (its hash only) and retires the user's earlier unused ones of the same
 * purpose: only the latest e-mailed code or link works.
 */
export async function issueSecret(
  db: Db,
  s: { userId: number; purpose: SecretPurpose; secretHash: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db
    .update(oneTimeSecrets)
    .set({ usedAt: s.now })
    .where(
      and(
        eq(oneTimeSecrets.userId, s.userId),
        eq(oneTimeSecrets.purpose, s.purpose),
        isNull(oneTimeSecrets.usedAt),
      ),
    )
  await db.insert(oneTimeSecrets).values({
    userId: s.userId,
    purpose: s.purpose,
    secretHash: s.secretHash,
    createdAt: s.now,
    expiresAt: s.expiresAt,
  })
}

/** The user's newest unused secret of a purpose (expired or not: the caller tells which). */
export async function latestSecret(
  db: Db,
  userId: number,
  purpose: SecretPurpose,
): Promise<SecretRow | null> {
  const [row] = await db
    .select()
    .from(oneTimeSecrets)
    .where(
      and(
        eq(oneTimeSecrets.userId, userId),
        eq(oneTimeSecrets.purpose, purpose),
        isNull(oneTimeSecrets.usedAt),
      ),
    )
    .orderBy(desc(oneTimeSecrets.id))
    .limit(1)
  return row ?? null
}

/** The secret with this hash, used or not (a reset link is looked up by its token). */
export async function secretByHash(
  db: Db,
  purpose: SecretPurpose,
  secretHash: string,
): Promise<SecretRow | null> {
  const [row] = await db
    .select()
    .from(oneTimeSecrets)
    .where(and(eq(oneTimeSecrets.purpose, purpose), eq(oneTimeSecrets.secretHash, secretHash)))
    .limit(1)
  return row ?? null
}

/**
 * Counts one guess before it is compared, only while fewer than `max` were made and the secret
 * is unused: one conditional UPDATE, so concurrent guesses cannot overrun the limit. Returns
 * the guess's number, or null when no guess is left.
 */
export async function claimAttempt(db: Db, id: number, max: number): Promise<number | null> {
  const [row] = await db
    .update(oneTimeSecrets)
    .set({ attempts: sql`${oneTimeSecrets.attempts} + 1` })
    .where(
      and(
        eq(oneTimeSecrets.id, id),
        isNull(oneTimeSecrets.usedAt),
        lt(oneTimeSecrets.attempts, max),
      ),
    )
    .returning({ attempts: oneTimeSecrets.attempts })
  return row ? row.attempts : null
}

/**
 * Marks the secret used, only if it still was unused: of two concurrent uses exactly one gets
 * true, so a link or code really works once.
 */
export async function consumeSecret(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(oneTimeSecrets)
    .set({ usedAt: now })
    .where(and(eq(oneTimeSecrets.id, id), isNull(oneTimeSecrets.usedAt)))
    .returning({ id: oneTimeSecrets.id })
  return rows.length === 1
}

/**
 * Ends every unused secret of the user, whatever its purpose (an activation or reset link, a
 * sign-in code): the address or reach they were sent for has changed (issue 25).
 */
export async function retireSecrets(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(oneTimeSecrets)
    .set({ usedAt: now })
    .where(and(eq(oneTimeSecrets.userId, userId), isNull(oneTimeSecrets.usedAt)))
}
