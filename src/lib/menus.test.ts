import { describe, expect, it } from 'vitest'
import {
  buildMenuTree,
  deriveMenuLists,
  flattenMenus,
  isPinnable,
  type MenuEntry,
  type MenuNode,
} from './menus'
import { MORE_MENU_ID } from './screens'

function node(
  menuId: number,
  patch: Partial<MenuNode> & Pick<MenuNode, 'position' | 'seq'>,
): MenuNode {
  return {
    menuId,
    parentId: null,
    nameKey: `m${menuId}`,
    url: `/main/m${menuId}`,
    icon: '',
    disabled: '0',
    language: { en_US: `M${menuId}`, zh_CN: `菜单${menuId}` },
    style: '',
    reportCode: '',
    useLevel: 'all',
    category: 'page',
    headerShow: true,
    breadcrumbShow: true,
    isHidden: false,
    descLanguage: {},
    buttonList: [],
    ...patch,
  }
}

const rows: MenuNode[] = [
  node(9000, { position: 2, seq: 90, category: 'group', url: '' }),
  node(9020, { position: 2, seq: 3, parentId: 9000 }),
  node(9010, { position: 2, seq: 1, parentId: 9000 }),
  node(9011, { position: 2, seq: 2, parentId: 9000, category: 'form', isHidden: true }),
  node(1000, { position: 2, seq: 1 }),
  node(100, { position: 1, seq: 1 }),
  node(101, { position: 1, seq: 4 }),
]

describe('buildMenuTree', () => {
  it('nests children under their group and orders every level by seq', () => {
    const tree = buildMenuTree(rows)
    expect(tree.map((m) => m.menuId)).toEqual([100, 1000, 101, 9000])
    expect(tree[3].subMenuList.map((m) => m.menuId)).toEqual([9010, 9011, 9020])
    expect(tree[0].subMenuList).toEqual([])
    expect('parentId' in tree[0]).toBe(false)
  })

  it('keeps a page whose group is missing as a root', () => {
    const tree = buildMenuTree(rows.filter((r) => r.menuId !== 9000))
    expect(tree.map((m) => m.menuId)).toContain(9010)
  })
})

describe('deriveMenuLists', () => {
  const tree = buildMenuTree(rows)

  it('splits position 2 into adminList', () => {
    const { adminList } = deriveMenuLists(tree)
    expect(adminList.map((m) => m.menuId)).toEqual([1000, 9000])
  })

  it('ends sysList with the More entry after the position-1 menus', () => {
    const { sysList } = deriveMenuLists(tree)
    expect(sysList.map((m) => m.menuId)).toEqual([100, 101, MORE_MENU_ID])
    const more = sysList[2]
    expect(more).toMatchObject({
      menuId: 9999999999,
      icon: 'more',
      position: 1,
      disabled: '0',
      language: { en_US: 'More', zh_CN: '更多' },
      subMenuList: [],
    })
    expect(more.seq).toBeGreaterThan(4)
  })

  it('offers More even to a user without position-1 menus', () => {
    const { sysList, adminList } = deriveMenuLists([])
    expect(adminList).toEqual([])
    expect(sysList.map((m) => m.menuId)).toEqual([MORE_MENU_ID])
  })
})

describe('flattenMenus', () => {
  it('lists parents before children with the parent id as upId', () => {
    const flat = flattenMenus(buildMenuTree(rows))
    expect(flat.map((m) => [m.menuId, m.upId])).toEqual([
      [100, null],
      [1000, null],
      [101, null],
      [9000, null],
      [9010, 9000],
      [9011, 9000],
      [9020, 9000],
    ])
  })

  it('handles deeper nesting', () => {
    const deep: MenuEntry[] = buildMenuTree([
      node(1, { position: 2, seq: 1, category: 'group' }),
      node(2, { position: 2, seq: 1, parentId: 1, category: 'group' }),
      node(3, { position: 2, seq: 1, parentId: 2 }),
    ])
    expect(flattenMenus(deep).map((m) => m.upId)).toEqual([null, 1, 2])
  })
})

describe('isPinnable', () => {
  it('accepts visible pages only', () => {
    const [page, group, form] = [rows[2], rows[0], rows[3]]
    expect(isPinnable(page)).toBe(true)
    expect(isPinnable(group)).toBe(false)
    expect(isPinnable(form)).toBe(false)
  })
})
