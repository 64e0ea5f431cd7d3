import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { Reach } from '../../auth/scope'
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
export function auditScope(reach: Reach): SQL | undefined {
  if (reach.kind === 'platform') return undefined
  if (reach.kind === 'merchant') {
    return or(
      eq(auditLog.actorMerchantId, reach.merchantId),
      eq(auditLog.objectMerchantId, reach.merchantId),
    )
  }
  if (!reach.companyIds.length) return sql`false`
  return or(
    inArray(auditLog.actorCompanyId, reach.companyIds),
    inArray(auditLog.objectCompanyId, reach.companyIds),
  )
}

/** Users the caller reaches: its merchant's, its subtree's (company and merchant staff), all. */
function usersInReach(reach: Reach): SQL | undefined {
  if (reach.kind === 'platform') return undefined
  if (reach.kind === 'merchant') return eq(users.merchantId, reach.merchantId)
  if (!reach.companyIds.length) return sql`false`
  return or(
    inArray(users.companyId, reach.companyIds),
    inArray(merchants.companyId, reach.companyIds),
  )
}

/** One user in reach with its role, or undefined. */
export async function userInReach(db: Db, reach: Reach, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      loginName: users.loginName,
      companyId: users.companyId,
      merchantId: users.merchantId,
      merchantName: merchants.name,
      roleId: roles.id,
      roleName: roles.name,
      allMerchantAccess: roles.allMerchantAccess,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(merchants, eq(merchants.id, users.merchantId))
    .where(and(eq(users.id, userId), usersInReach(reach)))
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

/** The merchants of a list of companies (the merchants a company user reaches), by name. */
export function merchantsOf(db: Db, companyIds: number[] | 'all', limit: number) {
  return db
    .select({ id: merchants.id, name: merchants.name })
    .from(merchants)
    .where(companyIds === 'all' ? undefined : inArray(merchants.companyId, companyIds))
    .orderBy(asc(merchants.name), asc(merchants.id))
    .limit(limit)
}
