/**
 * The menu object the server returns (spec §3) and the lists the console derives from it.
 * Pure and isomorphic: the server builds the tree with `buildMenuTree`, the console splits it
 * with `deriveMenuLists` and indexes it with `flattenMenus`.
 */
import enMenu from '../i18n/locales/en-US/menu.json'
import zhMenu from '../i18n/locales/zh-CN/menu.json'
import { MORE_MENU_ID, type MenuPosition } from './screens'

/** Labels per wire locale (the spec's underscore form). */
export interface MenuLanguage {
  en_US: string
  zh_CN: string
}

export interface MenuButton {
  buttonId: number
  /** '<screen>:<action>', the permission API writes declare. */
  code: string
  language: MenuLanguage
  /** Comma separated route names the button opens (spec §3). */
  menuRouterList: string
}

export interface MenuEntry {
  menuId: number
  /** The route name; also the `menu:` i18n key of the label. */
  nameKey: string
  url: string
  icon: string
  /** String flag as the spec has it: '0' enabled, '1' disabled. */
  disabled: string
  position: MenuPosition
  subMenuList: MenuEntry[]
  language: MenuLanguage
  seq: number
  style: string
  reportCode: string
  useLevel: string
  /** 'group' (a folder), 'page' (a screen in the menu) or 'form' (reached from a page). */
  category: string
  headerShow: boolean
  breadcrumbShow: boolean
  isHidden: boolean
  descLanguage: Partial<MenuLanguage>
  /** The page's buttons the user is granted. */
  buttonList: MenuButton[]
}

/** A menu row as stored, before it is placed in the tree. */
export type MenuNode = Omit<MenuEntry, 'subMenuList'> & { parentId: number | null }

const bySeq = (a: { seq: number; menuId: number }, b: { seq: number; menuId: number }) =>
  a.seq - b.seq || a.menuId - b.menuId

/**
 * Places flat rows in a tree ordered by seq at every level. A row whose parent is not among
 * the rows becomes a root, so a grant that misses a group still shows its page.
 */
export function buildMenuTree(rows: readonly MenuNode[]): MenuEntry[] {
  const entries = new Map<number, MenuEntry>()
  for (const { parentId: _parentId, ...row } of rows) {
    entries.set(row.menuId, { ...row, subMenuList: [] })
  }
  const roots: MenuEntry[] = []
  for (const row of rows) {
    const entry = entries.get(row.menuId)!
    const parent = row.parentId === null ? undefined : entries.get(row.parentId)
    if (parent) parent.subMenuList.push(entry)
    else roots.push(entry)
  }
  const sort = (list: MenuEntry[]) => {
    list.sort(bySeq)
    for (const e of list) sort(e.subMenuList)
  }
  sort(roots)
  return roots
}

/** The synthetic last entry of the system list that opens the pinned and recent chooser. */
export function moreMenuEntry(seq: number): MenuEntry {
  return {
    menuId: MORE_MENU_ID,
    nameKey: 'more',
    url: '',
    icon: 'more',
    disabled: '0',
    position: 1,
    subMenuList: [],
    language: { en_US: enMenu.more, zh_CN: zhMenu.more },
    seq,
    style: '',
    reportCode: '',
    useLevel: 'all',
    category: 'group',
    headerShow: true,
    breadcrumbShow: false,
    isHidden: false,
    descLanguage: {},
    buttonList: [],
  }
}

/**
 * Spec §3: adminList is the position-2 part of systemMenuList (the side menu); sysList the
 * position-1 part (header and settings) followed by the synthetic More entry.
 */
export function deriveMenuLists(systemMenuList: readonly MenuEntry[]): {
  adminList: MenuEntry[]
  sysList: MenuEntry[]
} {
  const adminList = systemMenuList.filter((m) => m.position === 2)
  const sys = systemMenuList.filter((m) => m.position === 1)
  const lastSeq = sys.reduce((max, m) => Math.max(max, m.seq), 0)
  return { adminList, sysList: [...sys, moreMenuEntry(lastSeq + 1)] }
}

/** A menu entry out of its tree, with the id of the entry it sat under (null for roots). */
export type FlatMenuEntry = MenuEntry & { upId: number | null }

/** Depth-first, parents before their children, in the tree's order. */
export function flattenMenus(list: readonly MenuEntry[]): FlatMenuEntry[] {
  const out: FlatMenuEntry[] = []
  const walk = (entries: readonly MenuEntry[], upId: number | null) => {
    for (const e of entries) {
      out.push({ ...e, upId })
      walk(e.subMenuList, e.menuId)
    }
  }
  walk(list, null)
  return out
}

/** Whether a user may pin an entry or have it in the recent list: a visible page. */
export function isPinnable(entry: Pick<MenuEntry, 'category' | 'isHidden' | 'url'>): boolean {
  return entry.category === 'page' && !entry.isHidden && entry.url !== ''
}
