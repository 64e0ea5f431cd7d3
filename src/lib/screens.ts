/**
 * The registry of screens that exist. The server seeds menus, buttons and role grants from it;
 * the console checks its routes against it. A screen is listed here only once it is built, so
 * no menu ever leads to a page that is not there. Labels are the `menu:<name>` i18n keys;
 * button labels `menu:button.<action>`.
 */
export type MenuPosition = 1 | 2

export interface ScreenButton {
  /** '<screen>:<action>'; the permission an API write declares. */
  code: string
  /** Route names this button opens (spec §3 Button.menuRouterList). */
  opens?: readonly string[]
}

export interface Screen {
  /** Route name: the spec's menu name, unique. */
  name: string
  /** Stable menu id. */
  id: number
  /** Console path below the base path. Groups have none. */
  url: string
  /** Parent group's name. */
  group?: string
  /** 1: system list (header/settings), 2: administration list (side menu). */
  position: MenuPosition
  icon: string
  seq: number
  /** Not shown in the side menu: forms and built-in pages reached from other screens. */
  hidden?: boolean
  category?: 'group' | 'page' | 'form'
  buttons?: readonly ScreenButton[]
}

export const MORE_MENU_ID = 9999999999
export const RECENT_MENU_MAX = 5

/** Spec §2: built-in names that never show in menus and are not checked against grants. */
export const HIDDEN_BUILT_IN_MENUS = [
  'main-401',
  'main-404',
  'main-configuration',
  'configuration-export',
  'accounts-balance-currency-list',
  'company-fee-settings-manual-save',
  'card-bin-management',
  'card-bin-management-save',
] as const

// Generic so that the codes stay literal types (`'dict-management:add'`): see ButtonOf below.
const crud = <S extends string, F extends string>(screen: S, form: F) =>
  [
    { code: `${screen}:add`, opens: [form] },
    { code: `${screen}:edit`, opens: [form] },
    { code: `${screen}:delete` },
  ] as const

const REGISTRY = [
  { name: 'index', id: 1000, url: '/main/index', position: 2, icon: 'dashboard', seq: 1 },
  {
    name: 'system-administration',
    id: 9000,
    url: '',
    position: 2,
    icon: 'gear',
    seq: 90,
    category: 'group',
  },
  {
    name: 'dict-management',
    id: 9010,
    url: '/main/dict-management',
    group: 'system-administration',
    position: 2,
    icon: 'book',
    seq: 1,
    buttons: crud('dict-management', 'dict-management-save'),
  },
  {
    name: 'dict-management-save',
    id: 9011,
    url: '/main/dict-management-save',
    group: 'system-administration',
    position: 2,
    icon: 'book',
    seq: 2,
    hidden: true,
    category: 'form',
  },
  {
    name: 'dict-dt-management',
    id: 9020,
    url: '/main/dict-dt-management',
    group: 'system-administration',
    position: 2,
    icon: 'list',
    seq: 3,
    buttons: crud('dict-dt-management', 'dict-dt-management-save'),
  },
  {
    name: 'dict-dt-management-save',
    id: 9021,
    url: '/main/dict-dt-management-save',
    group: 'system-administration',
    position: 2,
    icon: 'list',
    seq: 4,
    hidden: true,
    category: 'form',
  },
  {
    name: 'parameter-management',
    id: 9030,
    url: '/main/parameter-management',
    group: 'system-administration',
    position: 2,
    icon: 'sliders',
    seq: 5,
    buttons: crud('parameter-management', 'parameter-management-save'),
  },
  {
    name: 'parameter-management-save',
    id: 9031,
    url: '/main/parameter-management-save',
    group: 'system-administration',
    position: 2,
    icon: 'sliders',
    seq: 6,
    hidden: true,
    category: 'form',
  },
  // Cards (issue 9): card BINs (hidden built-in names, reached from the palette) and cardholders.
  {
    name: 'card-management',
    id: 3000,
    url: '',
    position: 2,
    icon: 'card',
    seq: 30,
    category: 'group',
  },
  {
    name: 'coremanagement-cardholder-management',
    id: 3010,
    url: '/main/coremanagement-cardholder-management',
    group: 'card-management',
    position: 2,
    icon: 'person',
    seq: 1,
    buttons: crud('coremanagement-cardholder-management', 'coremanagement-cardholder-save'),
  },
  {
    name: 'coremanagement-cardholder-save',
    id: 3011,
    url: '/main/coremanagement-cardholder-save',
    group: 'card-management',
    position: 2,
    icon: 'person',
    seq: 2,
    hidden: true,
    category: 'form',
  },
  {
    name: 'coremanagement-cardholder-view',
    id: 3012,
    url: '/main/coremanagement-cardholder-view',
    group: 'card-management',
    position: 2,
    icon: 'person',
    seq: 3,
    hidden: true,
    category: 'form',
  },
  {
    name: 'card-bin-management',
    id: 3020,
    url: '/main/card-bin-management',
    group: 'card-management',
    position: 2,
    icon: 'card',
    seq: 4,
    // Spec §2 lists it among the hidden built-in names: not in the side menu; the palette lists it.
    hidden: true,
    buttons: [
      ...crud('card-bin-management', 'card-bin-management-save'),
      { code: 'card-bin-management:assign', opens: ['card-bin-management-assign'] },
    ],
  },
  {
    name: 'card-bin-management-save',
    id: 3021,
    url: '/main/card-bin-management-save',
    group: 'card-management',
    position: 2,
    icon: 'card',
    seq: 5,
    hidden: true,
    category: 'form',
  },
  {
    name: 'card-bin-management-assign',
    id: 3022,
    url: '/main/card-bin-management-assign',
    group: 'card-management',
    position: 2,
    icon: 'card',
    seq: 6,
    hidden: true,
    category: 'form',
  },
  {
    name: 'settings-profile',
    id: 100,
    url: '/main/settings-profile',
    position: 1,
    icon: 'person',
    seq: 1,
  },
] as const satisfies readonly Screen[]

export const SCREENS: Screen[] = [...REGISTRY]

/** A screen that exists: a misspelt name is a type error. */
export type ScreenName = (typeof REGISTRY)[number]['name']

type ButtonCodes<N> =
  Extract<(typeof REGISTRY)[number], { name: N }> extends infer S
    ? S extends { buttons: readonly { code: infer C }[] }
      ? C
      : never
    : never

/** The actions of a screen's buttons (`'add' | 'edit' | 'delete'`), from the registry. */
export type ButtonOf<N extends ScreenName> = ButtonCodes<N> extends `${N}:${infer A}` ? A : never

export const screenByName = new Map(SCREENS.map((s) => [s.name, s]))
export const screenByUrl = new Map(SCREENS.filter((s) => s.url).map((s) => [s.url, s]))
export const ALL_BUTTON_CODES = SCREENS.flatMap((s) => (s.buttons ?? []).map((b) => b.code))

/** Demo roles: which screens and buttons each grants (the seed writes these as role rows). */
export const DEMO_ROLE_GRANTS = {
  'Platform administrator': { screens: 'all', buttons: 'all', allMerchantAccess: true },
  Auditor: { screens: 'all', buttons: [], allMerchantAccess: true },
  'Company administrator': {
    screens: [
      'index',
      'settings-profile',
      'dict-management',
      'dict-dt-management',
      'coremanagement-cardholder-management',
      'coremanagement-cardholder-view',
    ],
    buttons: [
      'coremanagement-cardholder-management:add',
      'coremanagement-cardholder-management:edit',
      'coremanagement-cardholder-management:delete',
    ],
    allMerchantAccess: false,
  },
  'Merchant user': {
    screens: [
      'index',
      'settings-profile',
      'coremanagement-cardholder-management',
      'coremanagement-cardholder-view',
    ],
    buttons: [
      'coremanagement-cardholder-management:add',
      'coremanagement-cardholder-management:edit',
      'coremanagement-cardholder-management:delete',
    ],
    allMerchantAccess: false,
  },
} as const
