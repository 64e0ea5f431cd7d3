import { and, asc, eq, inArray } from 'drizzle-orm'
import { screenByName } from '../../../src/lib/screens'
import type { ModuleRow } from '../../../src/resources/modules'
import type { Db } from '../../db/client'
import { menus, roleMenus, roles } from '../../db/schema'

type MenuRow = typeof menus.$inferSelect

/** A module is built in when the registry has a screen of that id and route name. */
export const isBuiltIn = (m: Pick<MenuRow, 'id' | 'name'>) => screenByName.get(m.name)?.id === m.id

export function toModuleRow(m: MenuRow): ModuleRow {
  return {
    id: m.id,
    name: m.name,
    url: m.url,
    icon: m.icon,
    parentId: m.parentId,
    position: m.position,
    seq: m.seq,
    isHidden: m.isHidden,
    disabled: m.disabled !== '0',
    headerShow: m.headerShow,
    breadcrumbShow: m.breadcrumbShow,
    category: m.category,
    language: { en_US: m.language.en_US ?? m.name, zh_CN: m.language.zh_CN ?? m.name },
    builtIn: isBuiltIn(m),
    edited: m.editedAt !== null,
  }
}

export const devopsMenus = (db: Db) =>
  db.select().from(menus).where(eq(menus.category, 'devops')).orderBy(asc(menus.id))

export async function menuById(db: Db, id: number, lock = false) {
  const q = db.select().from(menus).where(eq(menus.id, id))
  const [row] = lock ? await q.for('update') : await q
  return row
}

export const roleList = (db: Db) =>
  db.select({ id: roles.id, name: roles.name }).from(roles).orderBy(asc(roles.name))

/** Which of `menuIds` each role holds: role id and menu id pairs. */
export const holders = (db: Db, menuIds: number[]) =>
  menuIds.length
    ? db
        .select({ roleId: roles.id, name: roles.name, menuId: roleMenus.menuId })
        .from(roleMenus)
        .innerJoin(roles, eq(roles.id, roleMenus.roleId))
        .where(inArray(roleMenus.menuId, menuIds))
        .orderBy(asc(roles.name))
    : Promise.resolve([])

export const heldBy = (db: Db, roleId: number, menuIds: number[]) =>
  menuIds.length
    ? db
        .select({ menuId: roleMenus.menuId })
        .from(roleMenus)
        .where(and(eq(roleMenus.roleId, roleId), inArray(roleMenus.menuId, menuIds)))
    : Promise.resolve([])
