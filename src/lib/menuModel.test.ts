import { describe, expect, it } from 'vitest'
import { buildMenuTree, type MenuNode } from './menus'
import { buildMenuModel, menuLabel, trailOf, withPinned, withRecent } from './menuModel'
import { landingPath, MORE_MENU_ID } from './screens'

const node = (over: Partial<MenuNode> & Pick<MenuNode, 'menuId' | 'nameKey'>): MenuNode => ({
  parentId: null,
  url: `/main/${over.nameKey}`,
  icon: 'book',
  disabled: '0',
  position: 2,
  language: { en_US: over.nameKey, zh_CN: `中${over.nameKey}` },
  seq: over.menuId,
  style: '',
  reportCode: '',
  useLevel: 'all',
  category: 'page',
  headerShow: true,
  breadcrumbShow: true,
  isHidden: false,
  descLanguage: {},
  buttonList: [],
  ...over,
})

const tree = buildMenuTree([
  node({ menuId: 1000, nameKey: 'index' }),
  node({ menuId: 9000, nameKey: 'system-administration', url: '', category: 'group' }),
  node({ menuId: 9010, nameKey: 'dict-management', parentId: 9000 }),
  node({
    menuId: 9011,
    nameKey: 'dict-management-save',
    parentId: 9000,
    category: 'form',
    isHidden: true,
  }),
  node({ menuId: 100, nameKey: 'settings-profile', position: 1 }),
  node({ menuId: 3020, nameKey: 'card-bin-management', parentId: 9000, isHidden: true }),
])

const model = buildMenuModel({
  systemMenuList: tree,
  buttonLinkPageList: [],
  pinnedList: [9010, 9011, 424242],
  recentList: [1000, 9010],
})

describe('menu model', () => {
  it('splits the lists as spec §3 says, with the More entry last in sysList', () => {
    expect(model.adminList.map((e) => e.nameKey)).toEqual(['index', 'system-administration'])
    expect(model.sysList.map((e) => e.menuId)).toEqual([100, MORE_MENU_ID])
  })

  it('knows every route name the user holds, forms included', () => {
    expect([...model.names].sort()).toEqual(
      [
        'card-bin-management',
        'dict-management',
        'dict-management-save',
        'index',
        'settings-profile',
        'system-administration',
      ].sort(),
    )
  })

  it('keeps only visible pages in pinned, recent and the page list', () => {
    expect(model.pinned.map((e) => e.menuId)).toEqual([9010])
    expect(model.recent.map((e) => e.menuId)).toEqual([1000, 9010])
    expect(model.pages.map((e) => e.nameKey)).not.toContain('dict-management-save')
  })

  it('lists hidden pages for the palette, never as pins or recents', () => {
    const withHidden = buildMenuModel({
      systemMenuList: tree,
      buttonLinkPageList: [],
      pinnedList: [3020],
      recentList: [3020],
    })
    expect(withHidden.pages.map((e) => e.nameKey)).toContain('card-bin-management')
    expect([withHidden.pinned, withHidden.recent]).toEqual([[], []])
  })

  it('labels by the UI language from the entry itself', () => {
    const e = model.byUrl.get('/main/dict-management')!
    expect(menuLabel(e, 'zh-CN')).toBe('中dict-management')
    expect(menuLabel(e, 'en-US')).toBe('dict-management')
  })

  it('traces breadcrumbs through the groups', () => {
    const e = model.byUrl.get('/main/dict-management')!
    expect(trailOf(model, e).map((x) => x.nameKey)).toEqual([
      'system-administration',
      'dict-management',
    ])
  })

  it('keeps at most 5 recent pages, the latest first', () => {
    expect(withRecent([1, 2, 3, 4, 5], 6)).toEqual([6, 1, 2, 3, 4])
    expect(withRecent([1, 2, 3], 3)).toEqual([3, 1, 2])
  })

  it('pins and unpins', () => {
    expect(withPinned([1, 2], 3, true)).toEqual([1, 2, 3])
    expect(withPinned([1, 2], 1, false)).toEqual([2])
  })

  it('finds the landing page from a route name or a path', () => {
    expect(landingPath('dict-management')).toBe('/main/dict-management')
    expect(landingPath('/main/settings-profile')).toBe('/main/settings-profile')
    expect(landingPath('')).toBe('/main/index')
    expect(landingPath('//evil')).toBe('/main/index')
  })
})
