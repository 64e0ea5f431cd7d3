import { eq, sql } from 'drizzle-orm'
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
  sensitiveVisible: boolean
  menus: ReadonlySet<string>
  buttons: ReadonlySet<string>
}

export async function loadActor(db: Db, user: UserRow): Promise<Actor> {
  const [role] = await db.select().from(roles).where(eq(roles.id, user.roleId))
  const menuRows = await db
    .select({ name: menus.name })
    .from(roleMenus)
    .innerJoin(menus, eq(menus.id, roleMenus.menuId))
    .where(eq(roleMenus.roleId, user.roleId))
  const buttonRows = await db
    .select({ code: buttons.code })
    .from(roleButtons)
    .innerJoin(buttons, eq(buttons.id, roleButtons.buttonId))
    .where(eq(roleButtons.roleId, user.roleId))
  return {
    userId: user.id,
    loginName: user.loginName,
    roleId: user.roleId,
    companyId: user.companyId,
    merchantId: user.merchantId,
    allMerchantAccess: role?.allMerchantAccess ?? false,
    sensitiveVisible: user.sensitiveVisible,
    menus: new Set(menuRows.map((r) => r.name)),
    buttons: new Set(buttonRows.map((r) => r.code)),
  }
}

/** Ids of the actor's company and every company below it (all companies for platform users). */
export async function reachableCompanyIds(db: Db, actor: Actor): Promise<number[] | 'all'> {
  if (actor.companyId === null && actor.merchantId === null) return 'all'
  if (actor.companyId === null) return []
  const result = await db.execute<{ id: number }>(sql`
    with recursive tree(id) as (
      select id from companies where id = ${actor.companyId}
      union all
      select c.id from companies c join tree t on c.parent_id = t.id
    )
    select id from tree`)
  const rows = (Array.isArray(result) ? result : (result as { rows: { id: number }[] }).rows) as {
    id: number
  }[]
  return rows.map((r) => Number(r.id))
}
