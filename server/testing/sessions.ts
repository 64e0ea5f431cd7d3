import { eq } from 'drizzle-orm'
import { openSession } from '../auth/sessions'
import { users } from '../db/schema'
import type { TestApi } from './harness'

/**
 * A full session for a seeded user, opened directly: tests of a screen's calls need a caller,
 * not the sign-in flow (which has its own suite, throttles and lockouts).
 */
export async function sessionFor(api: TestApi, loginName: string): Promise<string> {
  const [user] = await api.deps.db.select().from(users).where(eq(users.loginName, loginName))
  if (!user) throw new Error(`no user ${loginName}`)
  const { token } = await openSession(api.deps, user.id, 'full', {})
  return token
}
