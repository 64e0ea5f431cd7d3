import { eq, sql } from 'drizzle-orm'
import { users } from '../db/schema'
import type { Deps } from '../deps'
import type { UserRow } from './sessions'

/** Five consecutive wrong passwords lock the account for fifteen minutes (issue 2). */
export const MAX_FAILED_LOGINS = 5
export const LOCK_MINUTES = 15

/** Minutes left on the account's lock (rounded up), or 0 when it is not locked. */
export function lockMinutesLeft(user: Pick<UserRow, 'lockedUntil'>, now: Date): number {
  if (!user.lockedUntil || user.lockedUntil <= now) return 0
  return Math.ceil((user.lockedUntil.getTime() - now.getTime()) / 60_000)
}

/**
 * Counts one wrong password. The increment is a single UPDATE so concurrent attempts (even on
 * other instances) cannot lose a count. Reaching the limit sets the lock and starts the counter
 * again from zero, so once the lock has run out the user gets a fresh five attempts.
 */
export async function recordFailedLogin(
  deps: Deps,
  userId: number,
): Promise<{ failures: number; lockedUntil: Date | null }> {
  const [row] = await deps.db
    .update(users)
    .set({ failedLogins: sql`${users.failedLogins} + 1` })
    .where(eq(users.id, userId))
    .returning({ failedLogins: users.failedLogins })
  if (row.failedLogins < MAX_FAILED_LOGINS) {
    return { failures: row.failedLogins, lockedUntil: null }
  }
  const lockedUntil = new Date(deps.clock.now().getTime() + LOCK_MINUTES * 60_000)
  await deps.db.update(users).set({ failedLogins: 0, lockedUntil }).where(eq(users.id, userId))
  return { failures: row.failedLogins, lockedUntil }
}

/** A successful sign-in or a password reset forgets earlier failures and any lock. */
export async function clearFailedLogins(deps: Deps, userId: number): Promise<void> {
  await deps.db
    .update(users)
    .set({ failedLogins: 0, lockedUntil: null })
    .where(eq(users.id, userId))
}
