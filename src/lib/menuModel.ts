/**
 * What the console derives from one /menu/query answer: the two lists of spec §3, an index of
 * every entry, the route names the user may open, and the pinned and recent entries. Pure, so
 * the guard, the side menu, the palette and the tabs all read the same facts.
 */
import {
  deriveMenuLists,
  flattenMenus,
  isPinnable,
  type FlatMenuEntry,
  type MenuEntry,
  type MenuLanguage,
} from './menus'
import { RECENT_MENU_MAX } from './screens'

export interface MenuData {
  systemMenuList: MenuEntry[]
  buttonLinkPageList: { buttonId: number; code: string; menuRouterList: string }[]
  pinnedList: number[]
  recentList: number[]
  /**
   * The rights' fingerprint (`/menu/version`): polled to notice a change of role. A cache
   * written before it existed has none, and counts as stale.
   */
  rightsVersion?: string
}

export interface MenuModel {
  adminList: MenuEntry[]
  sysList: MenuEntry[]
  entries: FlatMenuEntry[]
  byId: ReadonlyMap<number, FlatMenuEntry>
  byUrl: ReadonlyMap<string, FlatMenuEntry>
  /** Route names of every entry the user holds: what the 401 guard checks. */
  names: ReadonlySet<string>
  /**
   * Pages the user may open: the palette's screens. Hidden pages (spec §2's hidden built-in
   * names such as card-bin-management) are listed too: the side menu leaves them out, the
   * palette is how a keyboard user reaches them. Forms are not pages.
   */
  pages: FlatMenuEntry[]
  pinned: FlatMenuEntry[]
  recent: FlatMenuEntry[]
}

export function buildMenuModel(data: MenuData): MenuModel {
  const { adminList, sysList } = deriveMenuLists(data.systemMenuList)
  const entries = flattenMenus(data.systemMenuList)
  const byId = new Map(entries.map((e) => [e.menuId, e]))
  const byUrl = new Map(entries.filter((e) => e.url).map((e) => [e.url, e]))
  const pick = (ids: readonly number[]) =>
    ids.map((id) => byId.get(id)).filter((e): e is FlatMenuEntry => !!e && isPinnable(e))
  return {
    adminList,
    sysList,
    entries,
    byId,
    byUrl,
    names: new Set(entries.map((e) => e.nameKey)),
    pages: entries.filter((e) => e.category === 'page' && e.url !== '' && e.disabled === '0'),
    pinned: pick(data.pinnedList),
    recent: pick(data.recentList).slice(0, RECENT_MENU_MAX),
  }
}

/** An entry's label in a UI language ('en-US' | 'zh-CN'), from its own `language` map. */
export function menuLabel(entry: { language: MenuLanguage }, language: string): string {
  const wire = language.replace('-', '_') as keyof MenuLanguage
  return entry.language[wire] || entry.language.en_US
}

/** The recent list after a visit: the page first, no repeats, at most RECENT_MENU_MAX. */
export function withRecent(list: readonly number[], menuId: number): number[] {
  return [menuId, ...list.filter((id) => id !== menuId)].slice(0, RECENT_MENU_MAX)
}

export function withPinned(list: readonly number[], menuId: number, pinned: boolean): number[] {
  const rest = list.filter((id) => id !== menuId)
  return pinned ? [...rest, menuId] : rest
}

/** The trail from the top group down to an entry, for breadcrumbs. */
export function trailOf(model: MenuModel, entry: FlatMenuEntry): FlatMenuEntry[] {
  const trail: FlatMenuEntry[] = [entry]
  let up = entry.upId
  while (up !== null) {
    const parent = model.byId.get(up)
    if (!parent) break
    trail.unshift(parent)
    up = parent.upId
  }
  return trail
}
