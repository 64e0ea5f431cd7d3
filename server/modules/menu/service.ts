import { and, asc, desc, eq, max, notInArray, sql } from 'drizzle-orm'
import {
  buildMenuTree,
  flattenMenus,
  isPinnable,
  type MenuButton,
  type MenuEntry,
  type MenuNode,
} from '../../../src/lib/menus'
import { RECENT_MENU_MAX, type MenuPosition } from '../../../src/lib/screens'
import type { Actor } from '../../auth/actor'
import { loadedCache } from '../../cache'
import { preparedPerDb, type Db } from '../../db/client'
import {
  buttons,
  menus,
  roleButtons,
  roleMenus,
  userMenuPins,
  userMenuRecents,
  users,
} from '../../db/schema'
import { BizError, CommonRules, rule } from '../../http/errors'

export const MenuRules = {
  notPage: rule(1101, 'refusals:menu.notPage'),
} as const

type MenuRow = typeof menus.$inferSelect

const labels = (map: Record<string, string>, fallback: string) => ({
  en_US: map.en_US ?? fallback,
  zh_CN: map.zh_CN ?? map.en_US ?? fallback,
})

function toNode(m: MenuRow, buttonList: MenuButton[]): MenuNode {
  return {
    menuId: m.id,
    parentId: m.parentId,
    nameKey: m.nameKey,
    url: m.url,
    icon: m.icon,
    disabled: m.disabled,
    position: m.position as MenuPosition,
    language: labels(m.language, m.name),
    seq: m.seq,
    style: m.style,
    reportCode: m.reportCode,
    useLevel: m.useLevel,
    category: m.category,
    headerShow: m.headerShow,
    breadcrumbShow: m.breadcrumbShow,
    isHidden: m.isHidden,
    descLanguage: m.descLanguage,
    buttonList,
  }
}

/** The buttons the role grants, by the menu they belong to. */
async function grantedButtons(db: Db, roleId: number): Promise<Map<number, MenuButton[]>> {
  const rows = await db
    .select({ button: buttons })
    .from(roleButtons)
    .innerJoin(buttons, eq(buttons.id, roleButtons.buttonId))
    .where(eq(roleButtons.roleId, roleId))
    .orderBy(asc(buttons.id))
  const byMenu = new Map<number, MenuButton[]>()
  for (const { button: b } of rows) {
    const list = byMenu.get(b.menuId) ?? []
    list.push({
      buttonId: b.id,
      code: b.code,
      language: labels(b.language, b.code),
      menuRouterList: b.menuRouterList,
    })
    byMenu.set(b.menuId, list)
  }
  return byMenu
}

/** What a role's menus are, with what every menu call derives from them. */
export interface RoleMenus {
  /** Groups with subMenuList, by seq; each page with its buttons. */
  tree: MenuEntry[]
  buttonLinks: ReturnType<typeof buttonLinks>
  /** Pages the role's users may pin or see in the recent list. */
  pinnable: ReadonlySet<number>
}

/** The role's menus (tree, button links, pinnable pages). */
export function permittedMenus(db: Db, roleId: number): Promise<RoleMenus> {
  // The same for every user of the role until the menus or grants change (see roleGrants):
  // built and derived once, not on every /menu/query (throughput, issue 7).
  return menuTrees.get(db, String(roleId), async () => {
    const tree = await loadMenuTree(db, roleId)
    return { tree, buttonLinks: buttonLinks(tree), pinnable: pinnableIds(tree) }
  })
}

const menuTrees = loadedCache<RoleMenus>('menu.trees')

async function loadMenuTree(db: Db, roleId: number): Promise<MenuEntry[]> {
  const rows = await db
    .select({ menu: menus })
    .from(roleMenus)
    .innerJoin(menus, eq(menus.id, roleMenus.menuId))
    .where(eq(roleMenus.roleId, roleId))
  const byMenu = await grantedButtons(db, roleId)
  return buildMenuTree(rows.map(({ menu }) => toNode(menu, byMenu.get(menu.id) ?? [])))
}

/** Every granted button with the routes it opens (spec §3 buttonLinkPageList). */
export function buttonLinks(tree: MenuEntry[]) {
  return flattenMenus(tree).flatMap((m) =>
    m.buttonList.map(({ buttonId, code, menuRouterList }) => ({ buttonId, code, menuRouterList })),
  )
}

/** Ids of the pages the user may pin or see in the recent list. */
export function pinnableIds(tree: MenuEntry[]): Set<number> {
  return new Set(
    flattenMenus(tree)
      .filter(isPinnable)
      .map((m) => m.menuId),
  )
}

/** Pinned menu ids in pinning order, limited to what the role still grants. */
export async function pinnedIds(db: Db, userId: number, allowed: ReadonlySet<number>) {
  const rows = await pinnedStatement(db).execute({ userId })
  return rows.map((r) => r.menuId).filter((id) => allowed.has(id))
}

/** Recently used menu ids, most recent first, limited to what the role still grants. */
export async function recentIds(db: Db, userId: number, allowed: ReadonlySet<number>) {
  const rows = await recentStatement(db).execute({ userId })
  return rows.map((r) => r.menuId).filter((id) => allowed.has(id))
}

// Read on every /menu/query: prepared once per database (see preparedPerDb).
const pinnedStatement = preparedPerDb((db) =>
  db
    .select({ menuId: userMenuPins.menuId })
    .from(userMenuPins)
    .where(eq(userMenuPins.userId, sql.placeholder('userId')))
    .orderBy(asc(userMenuPins.pinnedAt), asc(userMenuPins.menuId))
    .prepare('menu_pinned'),
)

const recentStatement = preparedPerDb((db) =>
  db
    .select({ menuId: userMenuRecents.menuId })
    .from(userMenuRecents)
    .where(eq(userMenuRecents.userId, sql.placeholder('userId')))
    .orderBy(desc(userMenuRecents.usedAt))
    .prepare('menu_recent'),
)

/**
 * The menu the user names, if the role grants it and it is a visible page. Not granted (or no
 * such menu) → 403 like any other refused permission; granted but a group or form → 1101.
 */
export async function requirePinnablePage(db: Db, actor: Actor, menuId: number) {
  const [row] = await db
    .select({ menu: menus })
    .from(roleMenus)
    .innerJoin(menus, eq(menus.id, roleMenus.menuId))
    .where(and(eq(roleMenus.roleId, actor.roleId), eq(roleMenus.menuId, menuId)))
  if (!row) throw new BizError(CommonRules.forbidden)
  if (!isPinnable(row.menu)) throw new BizError(MenuRules.notPage, { name: row.menu.name })
  return row.menu
}

/** Serialises one user's pin and recent writes (call inside a transaction). */
async function lockUser(db: Db, userId: number) {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
}

/**
 * A stamp strictly after the user's previous one, so two writes within one clock tick still
 * keep their order (pins in pinning order, recents by visit).
 */
const after = (previous: Date | null, now: Date) =>
  previous && previous.getTime() >= now.getTime() ? new Date(previous.getTime() + 1) : now

export async function pin(db: Db, userId: number, menuId: number, now: Date) {
  await lockUser(db, userId)
  const [{ last }] = await db
    .select({ last: max(userMenuPins.pinnedAt) })
    .from(userMenuPins)
    .where(eq(userMenuPins.userId, userId))
  await db
    .insert(userMenuPins)
    .values({ userId, menuId, pinnedAt: after(last, now) })
    .onConflictDoNothing({ target: [userMenuPins.userId, userMenuPins.menuId] })
}

export async function unpin(db: Db, userId: number, menuId: number) {
  await db
    .delete(userMenuPins)
    .where(and(eq(userMenuPins.userId, userId), eq(userMenuPins.menuId, menuId)))
}

/** Puts the menu at the front of the user's recent list and keeps the RECENT_MENU_MAX newest. */
export async function recordRecent(db: Db, userId: number, menuId: number, now: Date) {
  await lockUser(db, userId)
  const [{ last }] = await db
    .select({ last: max(userMenuRecents.usedAt) })
    .from(userMenuRecents)
    .where(eq(userMenuRecents.userId, userId))
  const usedAt = after(last, now)
  await db
    .insert(userMenuRecents)
    .values({ userId, menuId, usedAt })
    .onConflictDoUpdate({
      target: [userMenuRecents.userId, userMenuRecents.menuId],
      set: { usedAt },
    })
  const keep = db
    .select({ menuId: userMenuRecents.menuId })
    .from(userMenuRecents)
    .where(eq(userMenuRecents.userId, userId))
    .orderBy(desc(userMenuRecents.usedAt))
    .limit(RECENT_MENU_MAX)
  await db
    .delete(userMenuRecents)
    .where(and(eq(userMenuRecents.userId, userId), notInArray(userMenuRecents.menuId, keep)))
}

export async function clearRecent(db: Db, userId: number): Promise<number> {
  const removed = await db
    .delete(userMenuRecents)
    .where(eq(userMenuRecents.userId, userId))
    .returning({ menuId: userMenuRecents.menuId })
  return removed.length
}
