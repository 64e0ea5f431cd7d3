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

/**
 * A session for a new user with the same role, company and merchant as `loginName`: a second
 * person with the same rights (two reviewers where the demo has one, besides the maker).
 */
export async function sessionForTwin(
  api: TestApi,
  loginName: string,
  twinName: string,
): Promise<string> {
  const [user] = await api.deps.db.select().from(users).where(eq(users.loginName, loginName))
  if (!user) throw new Error(`no user ${loginName}`)
  const [twin] = await api.deps.db
    .insert(users)
    .values({
      loginName: twinName,
      roleId: user.roleId,
      companyId: user.companyId,
      merchantId: user.merchantId,
      passwordHash: user.passwordHash,
    })
    .returning()
  const { token } = await openSession(api.deps, twin.id, 'full', {})
  return token
}
