import { eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { resources } from '../../src/i18n/resources'
import { REGISTRY, registeredScreen } from './screenRegistry'
import type { Deps } from '../deps'
import { buttons, menus, roleButtons, roleMenus, roles } from './schema'

type MenuLabels = Record<string, string>
const menuLabels = (key: string) => ({
  en_US: (resources['en-US'].menu as MenuLabels)[key] ?? key,
  zh_CN: (resources['zh-CN'].menu as MenuLabels)[key] ?? key,
})

/** The registry's value while nobody edited the row, else the operator's (kept). */
const unlessEdited = (editedAt: PgColumn, column: PgColumn): SQL =>
  sql`case when ${editedAt} is null then excluded.${sql.identifier(column.name)} else ${column} end`

/**
 * Menus and buttons follow the screen registry at every start (docs/menus-and-permissions.md,
 * "Who owns what"): a missing row is inserted; what the registry owns — route name, url,
 * category, a button's screen and the forms it opens — is always updated; what an operator
 * edits in module-management / button-management — labels, icon, parent, position, seq,
 * hidden, disabled, header and breadcrumb flags — is updated only while the row was never
 * edited (`edited_at` null), so an upgrade's new defaults reach untouched rows and an
 * operator's edit survives every start. What this sync creates is granted to the platform
 * administrator role (`grantCreated`).
 */
export async function syncMenus(deps: Pick<Deps, 'db'>): Promise<void> {
  const { db } = deps
  // What exists before, so that what this sync creates is known (and granted below).
  const menusBefore = new Set((await db.select({ id: menus.id }).from(menus)).map((r) => r.id))
  const buttonsBefore = new Set(
    (await db.select({ code: buttons.code }).from(buttons)).map((r) => r.code),
  )
  // Parents before children so the parent_id foreign key holds.
  const depth = (s: (typeof REGISTRY)[number]): number =>
    s.group ? 1 + depth(registeredScreen.get(s.group)!) : 0
  const ordered = [...REGISTRY].sort((a, b) => depth(a) - depth(b))
  const kept = (c: PgColumn) => unlessEdited(menus.editedAt, c)
  for (const s of ordered) {
    const row = {
      id: s.id,
      name: s.name,
      nameKey: s.name,
      url: s.url,
      icon: s.icon,
      parentId: s.group ? registeredScreen.get(s.group)!.id : null,
      position: s.position,
      seq: s.seq,
      isHidden: !!s.hidden,
      category: s.category ?? 'page',
      language: menuLabels(s.name),
      descLanguage: {},
    }
    await db
      .insert(menus)
      .values(row)
      .onConflictDoUpdate({
        target: menus.id,
        set: {
          name: row.name,
          nameKey: row.nameKey,
          url: row.url,
          category: row.category,
          icon: kept(menus.icon),
          parentId: kept(menus.parentId),
          position: kept(menus.position),
          seq: kept(menus.seq),
          isHidden: kept(menus.isHidden),
          language: kept(menus.language),
        },
      })
    for (const b of s.buttons) {
      const action = b.code.split(':')[1]
      const brow = {
        code: b.code,
        menuId: s.id,
        language: menuLabels(`button.${action}`),
        menuRouterList: b.opens.join(','),
      }
      await db
        .insert(buttons)
        .values(brow)
        .onConflictDoUpdate({
          target: buttons.code,
          set: {
            menuId: brow.menuId,
            menuRouterList: brow.menuRouterList,
            language: unlessEdited(buttons.editedAt, buttons.language),
          },
        })
    }
  }
  // A button the registry no longer names (moved to another screen: devops-module-list:grant
  // became devops-module-management:grant) is gone, with its grants (role_buttons cascade):
  // buttons are the registry's alone, no screen creates one.
  const codes = REGISTRY.flatMap((s) => s.buttons).map((b) => b.code)
  await db.delete(buttons).where(notInArray(buttons.code, codes))
  await grantCreated(
    db,
    REGISTRY.filter((s) => !menusBefore.has(s.id)).map((s) => s.id),
    REGISTRY.flatMap((s) => s.buttons)
      .map((b) => b.code)
      .filter((code) => !buttonsBefore.has(code)),
  )
}

/**
 * A built-in screen or button that this start created (an upgrade brought it to an existing
 * database) goes to the platform administrator role (`roles.platform_admin`), at that moment
 * only: a later start finds the row and grants nothing, so an operator who takes it from the
 * role later is not overridden (docs/menus-and-permissions.md, "New built-in screens"). A new
 * button goes only to a role that holds its screen. On an empty database there is no role yet:
 * the seed grants the roles it writes.
 */
async function grantCreated(db: Deps['db'], menuIds: number[], buttonCodes: string[]) {
  if (!menuIds.length && !buttonCodes.length) return
  const admins = await db.select({ id: roles.id }).from(roles).where(eq(roles.platformAdmin, true))
  for (const role of admins) {
    if (menuIds.length) {
      await db
        .insert(roleMenus)
        .values(menuIds.map((menuId) => ({ roleId: role.id, menuId })))
        .onConflictDoNothing()
    }
    if (!buttonCodes.length) continue
    const held = await db
      .select({ id: buttons.id })
      .from(buttons)
      .innerJoin(
        roleMenus,
        sql`${roleMenus.menuId} = ${buttons.menuId} and ${roleMenus.roleId} = ${role.id}`,
      )
      .where(inArray(buttons.code, buttonCodes))
    if (held.length) {
      await db
        .insert(roleButtons)
        .values(held.map((b) => ({ roleId: role.id, buttonId: b.id })))
        .onConflictDoNothing()
    }
  }
}
