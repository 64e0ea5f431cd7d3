import { and, asc, count, eq, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm'
import type { Actor } from '../../auth/actor'
import type { Reach } from '../../auth/scope'
import type { Db } from '../../db/client'
import { buttons, menus, roleButtons, roleMenus, roles, users } from '../../db/schema'

export type RoleRow = typeof roles.$inferSelect
export interface GrantIds {
  menuIds: number[]
  buttonIds: number[]
}

/** The menus and buttons of the registry (as synced), in the order the tree shows them. */
export async function catalogue(db: Db) {
  const menuRows = await db
    .select({
      id: menus.id,
      name: menus.name,
      parentId: menus.parentId,
      language: menus.language,
    })
    .from(menus)
    .orderBy(asc(menus.position), asc(menus.seq), asc(menus.id))
  const buttonRows = await db
    .select({
      id: buttons.id,
      code: buttons.code,
      menuId: buttons.menuId,
      language: buttons.language,
      opens: buttons.menuRouterList,
    })
    .from(buttons)
    .orderBy(asc(buttons.id))
  return { menus: menuRows, buttons: buttonRows }
}
export type Catalogue = Awaited<ReturnType<typeof catalogue>>

export async function grantIdsOf(db: Db, roleId: number): Promise<GrantIds> {
  const m = await db
    .select({ id: roleMenus.menuId })
    .from(roleMenus)
    .where(eq(roleMenus.roleId, roleId))
  const b = await db
    .select({ id: roleButtons.buttonId })
    .from(roleButtons)
    .where(eq(roleButtons.roleId, roleId))
  return {
    menuIds: m.map((r) => r.id).sort((x, y) => x - y),
    buttonIds: b.map((r) => r.id).sort((x, y) => x - y),
  }
}

export async function holders(db: Db, roleIds: number[]) {
  return db
    .select({ roleId: users.roleId, loginName: users.loginName })
    .from(users)
    .where(inArray(users.roleId, roleIds))
}

export async function holderCount(db: Db, roleId: number): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(users).where(eq(users.roleId, roleId))
  return Number(n)
}

export async function writeGrants(db: Db, roleId: number, grants: GrantIds) {
  await db.delete(roleMenus).where(eq(roleMenus.roleId, roleId))
  await db.delete(roleButtons).where(eq(roleButtons.roleId, roleId))
  if (grants.menuIds.length)
    await db.insert(roleMenus).values(grants.menuIds.map((menuId) => ({ roleId, menuId })))
  if (grants.buttonIds.length)
    await db.insert(roleButtons).values(grants.buttonIds.map((buttonId) => ({ roleId, buttonId })))
}

/**
 * The roles a caller sees (docs/menus-and-permissions.md, "Roles and their owners"): the
 * platform every role; a company user the roles of the companies in reach, and the
 * platform-wide roles it could grant itself (every menu and button of them held by its own
 * role), read-only; a merchant user only the latter.
 */
export function visibleRoles(reach: Reach, actor: Actor | undefined): SQL | undefined {
  if (reach.kind === 'platform') return undefined
  if (!actor) return sql`false`
  const own =
    reach.kind === 'company' && reach.companyIds.length
      ? inArray(roles.companyId, reach.companyIds)
      : sql`false`
  return or(own, and(isNull(roles.companyId), grantableBy(actor.roleId)))
}

/** Every grant of the role is also a grant of `roleId`'s (the caller's own role). */
function grantableBy(roleId: number): SQL {
  const heldMenus = sql`(select ${roleMenus.menuId} from ${roleMenus} where ${roleMenus.roleId} = ${roleId})`
  const heldButtons = sql`(select ${roleButtons.buttonId} from ${roleButtons} where ${roleButtons.roleId} = ${roleId})`
  return sql`not exists (select 1 from ${roleMenus} rm where rm.role_id = ${roles.id} and rm.menu_id not in ${heldMenus})
    and not exists (select 1 from ${roleButtons} rb where rb.role_id = ${roles.id} and rb.button_id not in ${heldButtons})`
}

export async function nameTaken(db: Db, name: string, except?: number) {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.name, name), except ? notInArray(roles.id, [except]) : undefined))
  return !!row
}
