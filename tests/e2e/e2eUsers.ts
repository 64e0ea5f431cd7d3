/**
 * Accounts only the end-to-end suite uses, added to the demo data of the e2e server: each
 * flow that changes a password or needs a sign-in step has its own account, so no test
 * changes the demo logins another test (or another engineer's suite) signs in with.
 */
import { eq } from 'drizzle-orm'
import { hashPassword } from '../../server/auth/passwords'
import {
  merchants,
  roleButtons,
  roleMenus,
  roles,
  userMerchants,
  users,
} from '../../server/db/schema'
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

/**
 * Holds a role of its own, a copy of the Merchant user role's grants, which the rights spec
 * edits through the API while this user's console is open (tests/e2e/rights.spec.ts): no other
 * test signs in with a role that spec changes.
 */
export const RIGHTS_USER = {
  loginName: 'rights.user',
  password: 'Rights@123456',
  email: 'rights.user@vcc.local',
  role: 'E2E rights follow',
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
  const [own] = await deps.db
    .insert(roles)
    .values({ name: RIGHTS_USER.role, description: RIGHTS_USER.role, allMerchantAccess: true })
    .returning()
  const menus = await deps.db.select().from(roleMenus).where(eq(roleMenus.roleId, role.id))
  await deps.db.insert(roleMenus).values(menus.map((m) => ({ roleId: own.id, menuId: m.menuId })))
  const held = await deps.db.select().from(roleButtons).where(eq(roleButtons.roleId, role.id))
  await deps.db
    .insert(roleButtons)
    .values(held.map((b) => ({ roleId: own.id, buttonId: b.buttonId })))
  await deps.db.insert(users).values({
    loginName: RIGHTS_USER.loginName,
    nickName: RIGHTS_USER.loginName,
    email: RIGHTS_USER.email,
    roleId: own.id,
    passwordHash: await hashPassword(RIGHTS_USER.password),
  })
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
