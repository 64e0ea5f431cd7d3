import { eq, sql } from 'drizzle-orm'
import { loadedCache } from '../cache'
import type { Db } from '../db/client'
import { buttons, menus, roleButtons, roleMenus, roles } from '../db/schema'
import type { UserRow } from './sessions'

/** The signed-in caller as every service sees it: identity, reach and grants. */
export interface Actor {
  userId: number
  loginName: string
  roleId: number
  /** null: platform reach. Otherwise the company whose subtree the user reaches. */
  companyId: number | null
  /** Set for merchant users: they reach this merchant only. */
  merchantId: number | null
  allMerchantAccess: boolean
  /**
   * The administrator's own merchant access (users.all_merchants): false limits a company
   * user to the merchants listed in `user_merchants` (server/auth/scope.ts).
   */
  allMerchants: boolean
  /** Platform reach and a role flagged platform administrator (see permissions.ts). */
  platformAdmin: boolean
  sensitiveVisible: boolean
  menus: ReadonlySet<string>
  buttons: ReadonlySet<string>
}

export interface RoleGrants {
  allMerchantAccess: boolean
  platformAdmin: boolean
  menus: ReadonlySet<string>
  buttons: ReadonlySet<string>
}

/**
 * What a role grants, per role id. Saves three queries on every authorised call (issue 7,
 * throughput). Any write to roles, menus, buttons or their grants — by any instance, a screen
 * or by hand — is notified by the database's triggers and drops this on every instance
 * (server/cacheInvalidation.ts), so a revoked right stops everywhere at once (issue 17, item 5).
 */
const roleGrants = loadedCache<RoleGrants>('auth.roleGrants')

async function loadRoleGrants(db: Db, roleId: number): Promise<RoleGrants> {
  const [role] = await db.select().from(roles).where(eq(roles.id, roleId))
  const menuRows = await db
    .select({ name: menus.name })
    .from(roleMenus)
    .innerJoin(menus, eq(menus.id, roleMenus.menuId))
    .where(eq(roleMenus.roleId, roleId))
  const buttonRows = await db
    .select({ code: buttons.code })
    .from(roleButtons)
    .innerJoin(buttons, eq(buttons.id, roleButtons.buttonId))
    .where(eq(roleButtons.roleId, roleId))
  return {
    allMerchantAccess: role?.allMerchantAccess ?? false,
    platformAdmin: role?.platformAdmin ?? false,
    menus: new Set(menuRows.map((r) => r.name)),
    buttons: new Set(buttonRows.map((r) => r.code)),
  }
}

/** What a role grants (cached like the actor's own; the administrators screen asks of any role). */
export function grantsOfRole(db: Db, roleId: number): Promise<RoleGrants> {
  return roleGrants.get(db, String(roleId), () => loadRoleGrants(db, roleId))
}

export async function loadActor(db: Db, user: UserRow): Promise<Actor> {
  const grants = await grantsOfRole(db, user.roleId)
  return {
    userId: user.id,
    loginName: user.loginName,
    roleId: user.roleId,
    companyId: user.companyId,
    merchantId: user.merchantId,
    allMerchantAccess: grants.allMerchantAccess,
    allMerchants: user.allMerchants,
    // A merchant access list narrows a platform-level administrator below the platform (issue 25).
    platformAdmin:
      grants.platformAdmin &&
      user.companyId === null &&
      user.merchantId === null &&
      user.allMerchants,
    sensitiveVisible: user.sensitiveVisible,
    menus: grants.menus,
    buttons: grants.buttons,
  }
}

/** Ids of a company and every company below it. */
export async function companySubtree(db: Db, companyId: number): Promise<number[]> {
  const result = await db.execute<{ id: number }>(sql`
    with recursive tree(id) as (
      select id from companies where id = ${companyId}
      union all
      select c.id from companies c join tree t on c.parent_id = t.id
    )
    select id from tree`)
  const rows = (Array.isArray(result) ? result : (result as { rows: { id: number }[] }).rows) as {
    id: number
  }[]
  return rows.map((r) => Number(r.id))
}
