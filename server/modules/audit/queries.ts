import { and, asc, eq } from 'drizzle-orm'
import {
  merchantColumns,
  merchantScope,
  tenantScope,
  userColumns,
  type Reach,
} from '../../auth/scope'
import type { Db } from '../../db/client'
import {
  auditLog,
  buttons,
  menus,
  merchants,
  roleButtons,
  roleMenus,
  roles,
  users,
} from '../../db/schema'

/**
 * The audit rows a caller reaches (docs/audit.md): the platform all of them; a company user
 * those whose actor or object belongs to a company of its subtree; a merchant user those whose
 * actor or object belongs to its merchant. The tenancy is the row's, fixed when it was written.
 */
export const auditScope = (reach: Reach) =>
  tenantScope(
    reach,
    { merchantId: auditLog.actorMerchantId, companyId: auditLog.actorCompanyId },
    { merchantId: auditLog.objectMerchantId, companyId: auditLog.objectCompanyId },
  )

/** One user in reach with its role, or undefined. */
export async function userInReach(db: Db, reach: Reach, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      loginName: users.loginName,
      companyId: users.companyId,
      merchantId: users.merchantId,
      allMerchants: users.allMerchants,
      roleId: roles.id,
      roleName: roles.name,
      allMerchantAccess: roles.allMerchantAccess,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, userId), tenantScope(reach, userColumns)))
  return row
}

/** The menus a role grants, in menu order, and the buttons it grants on each. */
export async function roleGrants(db: Db, roleId: number) {
  const screens = await db
    .select({ id: menus.id, name: menus.name })
    .from(roleMenus)
    .innerJoin(menus, eq(menus.id, roleMenus.menuId))
    .where(eq(roleMenus.roleId, roleId))
    .orderBy(asc(menus.position), asc(menus.seq), asc(menus.id))
  const held = await db
    .select({ menuId: buttons.menuId, code: buttons.code })
    .from(roleButtons)
    .innerJoin(buttons, eq(buttons.id, roleButtons.buttonId))
    .where(eq(roleButtons.roleId, roleId))
    .orderBy(asc(buttons.code))
  return { screens, held }
}

/** The merchants a reach covers, by name. */
export function merchantsOf(db: Db, reach: Reach, limit: number) {
  return db
    .select({ id: merchants.id, name: merchants.name })
    .from(merchants)
    .where(merchantScope(reach, merchantColumns))
    .orderBy(asc(merchants.name), asc(merchants.id))
    .limit(limit)
}
