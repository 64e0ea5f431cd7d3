/**
 * Accounts only the end-to-end suite uses, added to the demo data of the e2e server: each
 * flow that changes a password or needs a sign-in step has its own account, so no test
 * changes the demo logins another test (or another engineer's suite) signs in with.
 */
import { eq } from 'drizzle-orm'
import { hashPassword } from '../../server/auth/passwords'
import { merchants, roles, userMerchants, users } from '../../server/db/schema'
import type { Deps } from '../../server/deps'

export const E2E_USERS = {
  /** Must change the password at the next sign-in (/firstTimeLogin). */
  firstLogin: {
    loginName: 'first.login',
    password: 'Welcome@2026',
    email: 'first.login@vcc.local',
    mustChangePassword: true,
  },
  /** Signs in with a code e-mailed to it (/vaildatecode). */
  verifyCode: {
    loginName: 'code.user',
    password: 'Code@123456',
    email: 'code.user@vcc.local',
    verifyByEmail: true,
  },
  /** Forgets the password (/forgotpassword → e-mail → /resetPassword). */
  reset: { loginName: 'reset.user', password: 'Reset@123456', email: 'reset.user@vcc.local' },
  /** Changes the password and profile on settings-profile. */
  settings: {
    loginName: 'settings.user',
    password: 'Settings@123456',
    email: 'settings.user@vcc.local',
  },
} as const

/** Merchant users: they reach the dashboard and their own profile, nothing else. */
const ROLE = 'Merchant user'

export async function addE2eUsers(deps: Deps): Promise<void> {
  const [role] = await deps.db.select().from(roles).where(eq(roles.name, ROLE))
  for (const u of Object.values(E2E_USERS)) {
    await deps.db.insert(users).values({
      loginName: u.loginName,
      nickName: u.loginName,
      email: u.email,
      roleId: role.id,
      passwordHash: await hashPassword(u.password),
      mustChangePassword: 'mustChangePassword' in u,
      verifyByEmail: 'verifyByEmail' in u,
    })
  }
}

/**
 * An administrator without a company whose merchant access is Skyline Air Tickets only, with
 * the company administrator's role (issue 25: the list holds without a company too).
 */
export const LIMITED_ADMIN = { loginName: 'limited.admin', password: 'Limited@123456' } as const

export async function addLimitedAdmin(deps: Deps): Promise<void> {
  const [role] = await deps.db.select().from(roles).where(eq(roles.name, 'Company administrator'))
  const [skyline] = await deps.db
    .select()
    .from(merchants)
    .where(eq(merchants.name, 'Skyline Air Tickets'))
  const [row] = await deps.db
    .insert(users)
    .values({
      loginName: LIMITED_ADMIN.loginName,
      nickName: LIMITED_ADMIN.loginName,
      roleId: role.id,
      allMerchants: false,
      passwordHash: await hashPassword(LIMITED_ADMIN.password),
    })
    .returning()
  await deps.db.insert(userMerchants).values({ userId: row.id, merchantId: skyline.id })
}
