import { eq } from 'drizzle-orm'
import type { Context } from 'hono'
import { audit } from '../../audit'
import { clearFailedLogins, lockMinutesLeft } from '../../auth/lockout'
import { users } from '../../db/schema'
import type { AppEnv } from '../../http/context'
import { BizError, CommonRules } from '../../http/errors'

/**
 * Lifts a user's sign-in lock and forgets its failed passwords (issue 17 item 7): the owner
 * who cannot wait the fifteen minutes, and has no e-mail for a reset, asks an administrator.
 * Audited whether or not the account was locked, with what it was.
 */
export async function unlockUser(c: Context<AppEnv>, userId: number) {
  const { deps } = c.var
  const [user] = await deps.db
    .select({ id: users.id, lockedUntil: users.lockedUntil, failedLogins: users.failedLogins })
    .from(users)
    .where(eq(users.id, userId))
  if (!user) throw new BizError(CommonRules.notFound)
  const wasLocked = lockMinutesLeft(user, deps.clock.now()) > 0
  await clearFailedLogins(deps, user.id)
  await audit(c, {
    action: 'user.unlock',
    target: `user:${user.id}`,
    detail: { wasLocked, failedLogins: user.failedLogins },
  })
  return { wasLocked }
}
