import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { deriveMenuLists, flattenMenus, type MenuEntry } from '../../../src/lib/menus'
import { MORE_MENU_ID, screenByName } from '../../../src/lib/screens'
import { REGISTRY } from '../../db/screenRegistry'
import { auditLog, menus, roleMenus, userMenuPins, userMenuRecents, users } from '../../db/schema'
import { createTestApi, DEMO, type TestApi } from '../../testing/harness'

/** The accounts screens (issue 8) company and merchant users open, with the forms they reach. */
const ACCOUNTS_MENUS = [
  'accounts',
  'accounts-balance',
  'accounts-balance-save',
  'accounts-balance-view',
  'accounts-balance-currency-list',
  'accounts-transactions',
  'accounts-transactions-save',
  'accounts-transactions-review',
  'accounts-transactions-update-balance',
  'accounts-transfer',
]
/** The cards group's cardholder and card screens, held by the company and merchant demo roles. */
const CARDHOLDER_MENUS = [
  'card-management',
  'coremanagement-cardholder-management',
  'coremanagement-cardholder-save',
  'coremanagement-cardholder-view',
  'cards-balance',
  'cards-balance-create-card',
  'cards-balance-view-card-detail',
]
const CARDHOLDER_BUTTONS = [
  ...['add', 'edit', 'delete'].map((a) => `coremanagement-cardholder-management:${a}`),
  'cards-balance:add',
]
/** What is done to a card (cards-ops): company and merchant users within their reach. */
const CARD_OPS_BUTTONS = ['top-up', 'withdraw', 'update-limit', 'freeze', 'cancel'].map(
  (a) => `cards-balance:${a}`,
)
/** Card reviews: the company administrator reviews (never its own); the merchant user views. */
const CARD_REVIEW_BUTTONS = [
  'cards-cancel-review:review',
  'cards-transactions-update-balance:request',
  'cards-transactions-update-balance:review',
]
/** Shared card rules (merchant level) and groups (issue 10): company and merchant users. */
// The forms every button of a granted screen opens come with it (the seed's grantedScreens):
// the platform-rule form and the visibility form are there, their writes are refused (3102, 403).
const GROUP_MENUS = [
  'cards-rules-limits',
  'cards-rules-limits-merchant-saveinfo',
  'cards-rules-limits-save',
  'cards-rules-limits-visibility',
  'cards-share-group',
  'create-share-card-group',
  'cards-share-cards',
]
const GROUP_BUTTONS = [
  ...['add', 'edit', 'delete'].map((a) => `cards-rules-limits:${a}`),
  ...['add', 'top-up', 'withdraw', 'cards'].map((a) => `cards-share-group:${a}`),
]
/** Channel funding accounts: company administrators see those shared with their companies. */
const CHANNEL_MENUS = [
  'accounts-channel',
  'accounts-channel-save',
  'accounts-channel-view',
  'accounts-channel-visibility',
  'accounts-channel-transfer',
]

let api: TestApi
const token: Record<keyof typeof DEMO, string> = {} as never
/** Pages added to the admin role so the recent list can overflow (the registry has 5 pages). */
const EXTRA = [990001, 990002, 990003]

beforeAll(async () => {
  api = await createTestApi()
  for (const who of Object.keys(DEMO) as (keyof typeof DEMO)[]) {
    token[who] = await api.login(DEMO[who][0], DEMO[who][1])
  }
  const [{ roleId }] = await api.deps.db
    .select({ roleId: users.roleId })
    .from(users)
    .where(eq(users.loginName, 'admin'))
  for (const [i, id] of EXTRA.entries()) {
    await api.deps.db.insert(menus).values({
      id,
      name: `test-page-${id}`,
      nameKey: `test-page-${id}`,
      url: `/main/test-page-${id}`,
      position: 2,
      seq: 200 + i,
      language: { en_US: `Test ${id}`, zh_CN: `测试 ${id}` },
    })
    await api.deps.db.insert(roleMenus).values({ roleId, menuId: id })
  }
})
afterAll(() => api.close())

interface MenuData {
  systemMenuList: MenuEntry[]
  buttonLinkPageList: { buttonId: number; code: string; menuRouterList: string }[]
  pinnedList: number[]
  recentList: number[]
}

const query = async (who: keyof typeof DEMO, lang?: string) => {
  const res = await api.call<MenuData>('/menu/query', {}, { token: token[who], lang })
  expect(res.status).toBe(200)
  expect(res.body.code).toBe(0)
  return res.body.data
}
const names = (list: MenuEntry[]) => flattenMenus(list).map((m) => m.nameKey)
const userId = async (loginName: string) =>
  (await api.deps.db.select().from(users).where(eq(users.loginName, loginName)))[0].id

describe('/menu/query', () => {
  it('gives the platform administrator every menu as a tree, with every button', async () => {
    const data = await query('admin')
    const tree = data.systemMenuList
    const group = tree.find((m) => m.nameKey === 'system-administration')!
    expect(group.category).toBe('group')
    expect(group.subMenuList.map((m) => m.nameKey)).toEqual([
      'dict-management',
      'dict-management-save',
      'dict-dt-management',
      'dict-dt-management-save',
      'parameter-management',
      'parameter-management-save',
      'email-account',
      'email-account-save',
      'email-account-view',
      'email-account-save-settinginfo',
      'send-record',
      'send-record-view',
      'email-template',
      'email-template-save',
      'email-template-view',
      'module-management',
      'module-management-save',
      'button-management',
      'role-management',
      'role-management-save',
      'user-management',
      'user-management-save',
      'audit-log',
      'audit-log-view',
      'audit-user-rights',
    ])
    const dict = group.subMenuList[0]
    expect(dict).toMatchObject({
      menuId: 9010,
      url: '/main/dict-management',
      disabled: '0',
      position: 2,
      isHidden: false,
      language: { en_US: 'Dictionaries', zh_CN: '字典管理' },
    })
    expect(dict.buttonList.map((b) => b.code)).toEqual([
      'dict-management:add',
      'dict-management:edit',
      'dict-management:delete',
    ])
    expect(dict.buttonList[0].menuRouterList).toBe('dict-management-save')
    expect(group.subMenuList[1].isHidden).toBe(true)
    // Every button of the registry, none left out (the platform administrator holds them all).
    expect(data.buttonLinkPageList).toHaveLength(REGISTRY.flatMap((s) => s.buttons).length)
    expect(data.buttonLinkPageList).toContainEqual(
      expect.objectContaining({ code: 'parameter-management:edit' }),
    )
  })

  it('orders every level by seq and carries every spec §3 field', async () => {
    const { systemMenuList } = await query('admin')
    for (const list of [
      systemMenuList,
      ...flattenMenus(systemMenuList).map((m) => m.subMenuList),
    ]) {
      const seqs = list.map((m) => m.seq)
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b))
    }
    expect(Object.keys(systemMenuList[0]).sort()).toEqual(
      [
        'menuId',
        'nameKey',
        'url',
        'icon',
        'disabled',
        'position',
        'subMenuList',
        'language',
        'seq',
        'style',
        'reportCode',
        'useLevel',
        'category',
        'headerShow',
        'breadcrumbShow',
        'isHidden',
        'descLanguage',
        'buttonList',
      ].sort(),
    )
  })

  it('gives each demo user the menus its role grants, and only those buttons', async () => {
    const company = await query('company')
    expect(names(company.systemMenuList).sort()).toEqual(
      [
        'index',
        'settings-profile',
        'system-administration',
        'dict-management',
        'dict-management-save',
        'dict-dt-management',
        'dict-dt-management-save',
        // Administration within its companies (issue 20).
        ...['role-management', 'role-management-save', 'user-management', 'user-management-save'],
        ...['audit-log', 'audit-log-view', 'audit-user-rights'],
        ...ACCOUNTS_MENUS,
        ...CHANNEL_MENUS,
        ...CARDHOLDER_MENUS,
        'cards-cancel-review',
        'cards-transactions',
        'cards-transactions-update-balance',
        ...GROUP_MENUS,
      ].sort(),
    )
    // Accounts (issue 8): declares, reviews and transfers for its companies' merchants, and
    // views the channel accounts shared with it; nothing else.
    expect(company.buttonLinkPageList.map((b) => b.code).sort()).toEqual(
      [
        'accounts-channel:view',
        'accounts-transactions:add',
        'accounts-transactions:review',
        'accounts-transfer:transfer',
        ...CARDHOLDER_BUTTONS,
        ...CARD_OPS_BUTTONS,
        ...CARD_REVIEW_BUTTONS,
        ...GROUP_BUTTONS,
        ...['add', 'edit', 'delete'].map((a) => `role-management:${a}`),
        ...['add', 'edit', 'delete', 'lock', 'unlock', 'resend', 'end-sessions'].map(
          (a) => `user-management:${a}`,
        ),
        'audit-log:view',
      ].sort(),
    )
    expect(
      flattenMenus(company.systemMenuList)
        .filter((m) => m.buttonList.length > 0)
        .map((m) => m.nameKey)
        .sort(),
    ).toEqual([
      'accounts-channel',
      'accounts-transactions',
      'accounts-transfer',
      'audit-log',
      'cards-balance',
      'cards-cancel-review',
      'cards-rules-limits',
      'cards-share-group',
      'cards-transactions-update-balance',
      'coremanagement-cardholder-management',
      'role-management',
      'user-management',
    ])

    const merchant = await query('merchant')
    expect(names(merchant.systemMenuList).sort()).toEqual(
      [
        'index',
        'settings-profile',
        ...ACCOUNTS_MENUS,
        ...CARDHOLDER_MENUS,
        'cards-cancel-review',
        'cards-transactions',
        ...GROUP_MENUS,
      ].sort(),
    )
    expect(merchant.buttonLinkPageList.map((b) => b.code).sort()).toEqual(
      [
        'accounts-transactions:add',
        'accounts-transfer:transfer',
        ...CARDHOLDER_BUTTONS,
        ...CARD_OPS_BUTTONS,
        'cards-transactions:simulate',
        ...GROUP_BUTTONS,
      ].sort(),
    )

    const auditor = await query('auditor')
    const admin = await query('admin')
    const registry = names(admin.systemMenuList).filter((n) => !n.startsWith('test-page'))
    // Every screen but those for platform administrators only (devops-index).
    expect(registry).toContain('devops-index')
    expect(names(auditor.systemMenuList).sort()).toEqual(
      registry.filter((n) => !screenByName.get(n)?.platformAdminOnly).sort(),
    )
    expect(auditor.buttonLinkPageList).toEqual([])
  })

  it('splits into adminList and sysList (with More) on the console side', async () => {
    const { systemMenuList } = await query('merchant')
    const { adminList, sysList } = deriveMenuLists(systemMenuList)
    expect(adminList.map((m) => m.nameKey)).toEqual(['index', 'accounts', 'card-management'])
    expect(sysList.map((m) => m.menuId)).toEqual([100, MORE_MENU_ID])
  })

  it('answers 401 without a session', async () => {
    const res = await api.call('/menu/query', {})
    expect(res.status).toBe(401)
    expect(res.body.code).toBe(401)
  })

  it('localises msg and keeps both labels for the console', async () => {
    const res = await api.call<MenuData>(
      '/menu/query',
      {},
      { token: token.merchant, lang: 'zh_CN' },
    )
    expect(res.body.msg).toBe('成功')
    const index = res.body.data.systemMenuList.find((m) => m.nameKey === 'index')!
    expect(index.language).toEqual({ en_US: 'Dashboard', zh_CN: '仪表盘' })
  })
})

describe('pins', () => {
  it('pins and unpins a permitted page, persisted across sessions', async () => {
    const pin = await api.call('/menu/pin', { menuId: 9010 }, { token: token.company })
    expect(pin.body).toMatchObject({ code: 0, data: { menuId: 9010 } })
    await api.call('/menu/pin', { menuId: 1000 }, { token: token.company })
    // Pinning twice changes nothing.
    await api.call('/menu/pin', { menuId: 9010 }, { token: token.company })

    const again = await api.login(...DEMO.company)
    const res = await api.call<MenuData>('/menu/query', {}, { token: again })
    expect(res.body.data.pinnedList).toEqual([9010, 1000])

    const choose = await api.call<{ menuId: number; pinned: boolean; upId: number | null }[]>(
      '/menu/choose/query',
      {},
      { token: again },
    )
    expect(choose.body.code).toBe(0)
    expect(choose.body.data.map((i) => [i.menuId, i.pinned])).toEqual([
      [100, false],
      [1000, true],
      [2010, false],
      [2020, false],
      [2040, false],
      [3030, false],
      [3010, false],
      [3050, false],
      [3055, false],
      [3080, false],
      [3110, false],
      [3100, false],
      [9010, true],
      [9020, false],
      [9090, false],
      [9100, false],
      [9080, false],
    ])
    expect(choose.body.data.find((i) => i.menuId === 9010)!.upId).toBe(9000)

    const unpin = await api.call('/menu/unPin', { menuId: 9010 }, { token: token.company })
    expect(unpin.body.code).toBe(0)
    expect((await query('company')).pinnedList).toEqual([1000])

    const rows = await api.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.loginName, 'company.admin'), eq(auditLog.action, 'menu.unpin')))
    expect(rows).toHaveLength(1)
    expect(rows[0].target).toBe('menu:9010')
  })

  it('refuses a page the role does not grant (403) and a group or form (1101)', async () => {
    const denied = await api.call('/menu/pin', { menuId: 9010 }, { token: token.merchant })
    expect(denied.status).toBe(403)
    expect(denied.body.code).toBe(403)
    const unknown = await api.call('/menu/pin', { menuId: 123456 }, { token: token.merchant })
    expect(unknown.status).toBe(403)

    for (const menuId of [9000, 9011]) {
      const res = await api.call('/menu/pin', { menuId }, { token: token.admin, lang: 'zh_CN' })
      expect(res.status).toBe(422)
      expect(res.body.code).toBe(1101)
      expect(res.body.msg).toBe('只有菜单中的页面可以置顶或记录为最近使用')
    }
    const more = await api.call(
      '/menu/recordRecent',
      { menuId: MORE_MENU_ID },
      {
        token: token.admin,
      },
    )
    // The console's "More" pseudo-menu id is beyond any row id: a field error (issue 7).
    expect(more.status).toBe(400)
  })
})

describe('recent list', () => {
  beforeEach(async () => {
    await api.call('/menu/clearRecent', {}, { token: token.admin })
  })

  const record = (menuId: number) =>
    api.call('/menu/recordRecent', { menuId }, { token: token.admin })

  it('keeps the 5 most recent, most recent first, dropping the oldest', async () => {
    for (const id of [1000, 9010, 9020, 9030, 100]) expect((await record(id)).body.code).toBe(0)
    expect((await query('admin')).recentList).toEqual([100, 9030, 9020, 9010, 1000])

    await record(EXTRA[0])
    expect((await query('admin')).recentList).toEqual([EXTRA[0], 100, 9030, 9020, 9010])
    const [{ n }] = await api.deps.db
      .select({ n: count() })
      .from(userMenuRecents)
      .where(eq(userMenuRecents.userId, await userId('admin')))
    expect(n).toBe(5)
  })

  it('moves a page recorded again to the front without duplicating it', async () => {
    for (const id of [1000, 9010, 9020]) await record(id)
    await record(1000)
    expect((await query('admin')).recentList).toEqual([1000, 9020, 9010])
  })

  it('keeps order when the clock has moved on between visits', async () => {
    await record(9010)
    api.clock.advance(60)
    await record(9020)
    await record(EXTRA[1])
    expect((await query('admin')).recentList).toEqual([EXTRA[1], 9020, 9010])
  })

  it('is cleared by clearRecent and kept per user', async () => {
    await record(9010)
    await api.call('/menu/recordRecent', { menuId: 100 }, { token: token.merchant })
    const cleared = await api.call('/menu/clearRecent', {}, { token: token.admin })
    expect(cleared.body.data).toEqual({ removed: 1 })
    expect((await query('admin')).recentList).toEqual([])
    expect((await query('merchant')).recentList).toEqual([100])
  })
})

describe('malformed bodies', () => {
  it('answers 400 with field errors and writes nothing', async () => {
    const countRows = async () => {
      const [p] = await api.deps.db.select({ n: count() }).from(userMenuPins)
      const [r] = await api.deps.db.select({ n: count() }).from(userMenuRecents)
      const [a] = await api.deps.db.select({ n: count() }).from(auditLog)
      return [p.n, r.n, a.n]
    }
    const before = await countRows()
    for (const path of ['/menu/pin', '/menu/unPin', '/menu/recordRecent']) {
      for (const body of [{}, { menuId: 'x' }, { menuId: -1 }, { menuId: 1.5 }, { menuId: null }]) {
        const res = await api.call(path, body, { token: token.admin })
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400)
        expect(res.body.code).toBe(400)
        expect(res.body.data.fieldErrors[0].field).toBe('menuId')
      }
      const raw = await api.callRaw(path, '{"menuId":', { token: token.admin })
      expect(raw.status).toBe(400)
      expect(raw.body.code).toBe(400)
    }
    const missing = await api.call('/menu/pin', {}, { token: token.admin, lang: 'zh_CN' })
    expect(missing.body.data.fieldErrors[0].message).toBe('不能为空')
    expect(await countRows()).toEqual(before)
  })
})
