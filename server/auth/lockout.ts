import { and, eq, isNull, lt, or, sql } from 'drizzle-orm'
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
 * Claims one password check, before the password is compared (issue 7, item 2). One
 * conditional UPDATE counts the attempt and, at the fifth, sets the lock in the same statement;
 * it matches no row while the account is locked or while five checks are already counted. So
 * of any burst, at most five passwords are ever compared, wherever the requests run.
 * An expired lock starts the count again from one. A right password gives the claim back
 * (`clearFailedLogins`), lock included.
 *
 * Returns the attempt's number (1–5) and the lock it set, or null: refuse without checking.
 */
export async function claimPasswordCheck(
  deps: Deps,
  userId: number,
  now: Date,
): Promise<{ attempt: number; lockedUntil: Date | null } | null> {
  const at = now.toISOString()
  const lock = new Date(now.getTime() + LOCK_MINUTES * 60_000)
  const lockExpired = sql`(${users.lockedUntil} is not null and ${users.lockedUntil} <= ${at}::timestamptz)`
  const next = sql`(case when ${lockExpired} then 1 else ${users.failedLogins} + 1 end)`
  const [row] = await deps.db
    .update(users)
    .set({
      failedLogins: next,
      lockedUntil: sql`(case when ${next} >= ${MAX_FAILED_LOGINS} then ${lock.toISOString()}::timestamptz when ${lockExpired} then null else ${users.lockedUntil} end)`,
    })
    .where(
      and(
        eq(users.id, userId),
        or(lockExpired, and(isNull(users.lockedUntil), lt(users.failedLogins, MAX_FAILED_LOGINS))),
      ),
    )
    .returning({ failedLogins: users.failedLogins, lockedUntil: users.lockedUntil })
  if (!row) return null
  return { attempt: row.failedLogins, lockedUntil: row.lockedUntil }
}

/** A successful sign-in or a password reset forgets earlier failures and any lock. */
export async function clearFailedLogins(deps: Deps, userId: number): Promise<void> {
  await deps.db
    .update(users)
    .set({ failedLogins: 0, lockedUntil: null })
    .where(eq(users.id, userId))
}
