/**
 * The registry of screens that exist. The server seeds menus and buttons from it (the demo
 * roles' grants are the seed's: server/db/demoGrants.ts);
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
  /** `devops`: a devops module (a section of devops-index, or an operations page). */
  category?: 'group' | 'page' | 'form' | 'devops'
  buttons?: readonly ScreenButton[]
  /**
   * Granted only to the platform administrator role, never by a grant of "all screens" (the
   * auditor's): its API refuses everyone else (permission `platformAdmin`).
   */
  platformAdminOnly?: boolean
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

/** What is done to an existing card, from the cards list and the card detail (cards-ops). */
const CARD_OPS = [
  { code: 'cards-balance:top-up' },
  { code: 'cards-balance:withdraw' },
  { code: 'cards-balance:update-limit' },
  { code: 'cards-balance:freeze' },
  { code: 'cards-balance:cancel' },
  { code: 'cards-balance:reveal' },
] as const

/**
 * The DevOps dashboard's sections: each a devops module (category `devops`, under
 * `devops-index`) that a role holds or not (docs/devops.md, "Devops modules").
 */
export const DEVOPS_SECTIONS = ['database', 'queues', 'webhooks', 'channels', 'routes'] as const
export type DevopsSection = (typeof DEVOPS_SECTIONS)[number]

const REGISTRY = [
  { name: 'index', id: 1000, url: '/main/index', position: 2, icon: 'dashboard', seq: 1 },
  {
    name: 'devops-index',
    id: 1010,
    url: '/main/devops-index',
    position: 2,
    icon: 'pulse',
    seq: 2,
    platformAdminOnly: true,
  },
  // --- devops modules (issue 20): the DevOps dashboard's sections, granted one by one ---
  ...DEVOPS_SECTIONS.map(
    (section, i) =>
      ({
        name: `devops-${section}`,
        id: 1011 + i,
        url: '',
        group: 'devops-index',
        position: 2,
        icon: 'pulse',
        seq: i + 1,
        hidden: true,
        category: 'devops',
        platformAdminOnly: true,
      }) as const,
  ),
  {
    name: 'operations',
    id: 1100,
    url: '',
    position: 2,
    icon: 'pulse',
    seq: 3,
    category: 'group',
    platformAdminOnly: true,
  },
  {
    name: 'opt-information',
    id: 1110,
    url: '/main/opt-information',
    group: 'operations',
    position: 2,
    icon: 'info',
    seq: 1,
    category: 'devops',
    platformAdminOnly: true,
  },
  {
    name: 'devops-module-list',
    id: 1120,
    url: '/main/devops-module-list',
    group: 'operations',
    position: 2,
    icon: 'list',
    seq: 2,
    platformAdminOnly: true,
    buttons: [{ code: 'devops-module-list:edit', opens: ['devops-module-save'] }],
  },
  // Who holds which devops module: every role, one column per module (docs/devops.md).
  {
    name: 'devops-module-management',
    id: 1122,
    url: '/main/devops-module-management',
    group: 'operations',
    position: 2,
    icon: 'list',
    seq: 4,
    platformAdminOnly: true,
    buttons: [{ code: 'devops-module-management:grant', opens: ['role-devops-module-saveinfo'] }],
  },
  {
    name: 'devops-module-save',
    id: 1121,
    url: '/main/devops-module-save',
    group: 'operations',
    position: 2,
    icon: 'list',
    seq: 3,
    hidden: true,
    category: 'form',
    platformAdminOnly: true,
  },
  {
    name: 'role-devops-module-saveinfo',
    id: 1123,
    url: '/main/role-devops-module-saveinfo',
    group: 'operations',
    position: 2,
    icon: 'list',
    seq: 5,
    hidden: true,
    category: 'form',
    platformAdminOnly: true,
  },
  // --- modules and buttons (issue 20): the menu entries and buttons, as operators edit them ---
  {
    name: 'module-management',
    id: 9070,
    url: '/main/module-management',
    group: 'system-administration',
    position: 2,
    icon: 'list',
    seq: 15,
    platformAdminOnly: true,
    buttons: crud('module-management', 'module-management-save'),
  },
  {
    name: 'module-management-save',
    id: 9071,
    url: '/main/module-management-save',
    group: 'system-administration',
    position: 2,
    icon: 'list',
    seq: 16,
    hidden: true,
    category: 'form',
    platformAdminOnly: true,
  },
  {
    name: 'button-management',
    id: 9072,
    url: '/main/button-management',
    group: 'system-administration',
    position: 2,
    icon: 'list',
    seq: 17,
    platformAdminOnly: true,
    buttons: [{ code: 'button-management:edit' }],
  },
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
  // --- e-mail templates (issue 19): one per event and language, saved as versions ---
  {
    name: 'email-template',
    id: 9060,
    url: '/main/email-template',
    group: 'system-administration',
    position: 2,
    icon: 'list',
    seq: 12,
    buttons: [
      { code: 'email-template:add', opens: ['email-template-save'] },
      { code: 'email-template:edit', opens: ['email-template-save'] },
    ],
  },
  {
    name: 'email-template-save',
    id: 9061,
    url: '/main/email-template-save',
    group: 'system-administration',
    position: 2,
    icon: 'list',
    seq: 13,
    hidden: true,
    category: 'form',
  },
  {
    name: 'email-template-view',
    id: 9062,
    url: '/main/email-template-view',
    group: 'system-administration',
    position: 2,
    icon: 'list',
    seq: 14,
    hidden: true,
    category: 'form',
  },
  // --- mail (issue 19): sender accounts and send records ---
  {
    name: 'email-account',
    id: 9040,
    url: '/main/email-account',
    group: 'system-administration',
    position: 2,
    icon: 'mail',
    seq: 7,
    // Edit also checks the DNS records and sends a test mail through the account.
    buttons: [
      ...crud('email-account', 'email-account-save'),
      { code: 'email-account:view', opens: ['email-account-view'] },
      // Which account sends which mail: the platform default and each company's choice.
      { code: 'email-account:settings', opens: ['email-account-save-settinginfo'] },
    ],
  },
  {
    name: 'email-account-save',
    id: 9041,
    url: '/main/email-account-save',
    group: 'system-administration',
    position: 2,
    icon: 'mail',
    seq: 8,
    hidden: true,
    category: 'form',
  },
  {
    name: 'email-account-view',
    id: 9042,
    url: '/main/email-account-view',
    group: 'system-administration',
    position: 2,
    icon: 'mail',
    seq: 9,
    hidden: true,
    category: 'form',
  },
  {
    name: 'email-account-save-settinginfo',
    id: 9043,
    url: '/main/email-account-save-settinginfo',
    group: 'system-administration',
    position: 2,
    icon: 'mail',
    seq: 10,
    hidden: true,
    category: 'form',
  },
  {
    name: 'send-record',
    id: 9050,
    url: '/main/send-record',
    group: 'system-administration',
    position: 2,
    icon: 'send',
    seq: 11,
    buttons: [
      { code: 'send-record:resend' },
      { code: 'send-record:view', opens: ['send-record-view'] },
    ],
  },
  {
    name: 'send-record-view',
    id: 9051,
    url: '/main/send-record-view',
    group: 'system-administration',
    position: 2,
    icon: 'send',
    seq: 12,
    hidden: true,
    category: 'form',
  },
  // --- administrators (issue 20) ---
  {
    name: 'user-management',
    id: 9100,
    url: '/main/user-management',
    group: 'system-administration',
    position: 2,
    icon: 'person',
    seq: 20,
    buttons: [
      ...crud('user-management', 'user-management-save'),
      { code: 'user-management:lock' },
      { code: 'user-management:unlock' },
      { code: 'user-management:resend' },
      { code: 'user-management:end-sessions' },
    ],
  },
  {
    name: 'user-management-save',
    id: 9101,
    url: '/main/user-management-save',
    group: 'system-administration',
    position: 2,
    icon: 'person',
    seq: 21,
    hidden: true,
    category: 'form',
  },
  // --- audit log (issue 20): every write, sign-in, reveal and decision in reach ---
  {
    name: 'audit-log',
    id: 9080,
    url: '/main/audit-log',
    group: 'system-administration',
    position: 2,
    icon: 'clock',
    seq: 30,
    buttons: [{ code: 'audit-log:view', opens: ['audit-log-view', 'audit-user-rights'] }],
  },
  {
    name: 'audit-log-view',
    id: 9081,
    url: '/main/audit-log-view',
    group: 'system-administration',
    position: 2,
    icon: 'clock',
    seq: 31,
    hidden: true,
    category: 'form',
  },
  {
    name: 'audit-user-rights',
    id: 9082,
    url: '/main/audit-user-rights',
    group: 'system-administration',
    position: 2,
    icon: 'person',
    seq: 32,
    hidden: true,
    category: 'form',
  },
  // --- accounts (issue 8): balances, bank accounts, balance transactions with review ---
  {
    name: 'role-management',
    id: 9090,
    url: '/main/role-management',
    group: 'system-administration',
    position: 2,
    icon: 'person',
    seq: 18,
    buttons: crud('role-management', 'role-management-save'),
  },
  {
    name: 'role-management-save',
    id: 9091,
    url: '/main/role-management-save',
    group: 'system-administration',
    position: 2,
    icon: 'person',
    seq: 19,
    hidden: true,
    category: 'form',
  },
  {
    name: 'accounts',
    id: 2000,
    url: '',
    position: 2,
    icon: 'list',
    seq: 20,
    category: 'group',
  },
  {
    name: 'accounts-balance',
    id: 2010,
    url: '/main/accounts-balance',
    group: 'accounts',
    position: 2,
    icon: 'list',
    seq: 1,
    // The platform's receiving bank accounts, edited on this screen's second list.
    buttons: crud('accounts-balance', 'accounts-balance-save'),
  },
  {
    name: 'accounts-balance-save',
    id: 2011,
    url: '/main/accounts-balance-save',
    group: 'accounts',
    position: 2,
    icon: 'list',
    seq: 2,
    hidden: true,
    category: 'form',
  },
  {
    name: 'accounts-balance-view',
    id: 2012,
    url: '/main/accounts-balance-view',
    group: 'accounts',
    position: 2,
    icon: 'list',
    seq: 3,
    hidden: true,
    category: 'form',
  },
  {
    name: 'accounts-balance-currency-list',
    id: 2013,
    url: '/main/accounts-balance-currency-list',
    group: 'accounts',
    position: 2,
    icon: 'list',
    seq: 4,
    hidden: true,
  },
  {
    name: 'accounts-transactions',
    id: 2020,
    url: '/main/accounts-transactions',
    group: 'accounts',
    position: 2,
    icon: 'list',
    seq: 5,
    buttons: [
      { code: 'accounts-transactions:add', opens: ['accounts-transactions-save'] },
      { code: 'accounts-transactions:review', opens: ['accounts-transactions-review'] },
      {
        code: 'accounts-transactions:update-balance',
        opens: ['accounts-transactions-update-balance'],
      },
    ],
  },
  {
    name: 'accounts-transactions-save',
    id: 2021,
    url: '/main/accounts-transactions-save',
    group: 'accounts',
    position: 2,
    icon: 'list',
    seq: 6,
    hidden: true,
    category: 'form',
  },
  {
    name: 'accounts-transactions-review',
    id: 2022,
    url: '/main/accounts-transactions-review',
    group: 'accounts',
    position: 2,
    icon: 'list',
    seq: 7,
    hidden: true,
    category: 'form',
  },
  {
    name: 'accounts-transactions-update-balance',
    id: 2023,
    url: '/main/accounts-transactions-update-balance',
    group: 'accounts',
    position: 2,
    icon: 'list',
    seq: 8,
    hidden: true,
    category: 'form',
  },
  // Transfers, FX rates and channel funding accounts (docs/ledger.md).
  {
    name: 'accounts-channel',
    id: 2040,
    url: '/main/accounts-channel',
    group: 'accounts',
    position: 2,
    icon: 'book',
    seq: 40,
    buttons: [
      { code: 'accounts-channel:add', opens: ['accounts-channel-save'] },
      { code: 'accounts-channel:edit', opens: ['accounts-channel-save'] },
      { code: 'accounts-channel:delete' },
      { code: 'accounts-channel:view', opens: ['accounts-channel-view'] },
      { code: 'accounts-channel:visibility', opens: ['accounts-channel-visibility'] },
      { code: 'accounts-channel:transfer', opens: ['accounts-channel-transfer'] },
    ],
  },
  ...(['save', 'view', 'visibility', 'transfer'] as const).map(
    (form, i) =>
      ({
        name: `accounts-channel-${form}`,
        id: 2041 + i,
        url: `/main/accounts-channel-${form}`,
        group: 'accounts',
        position: 2,
        icon: 'book',
        seq: 41 + i,
        hidden: true,
        category: 'form',
      }) as const,
  ),
  {
    name: 'accounts-fx-rate',
    id: 2050,
    url: '/main/accounts-fx-rate',
    group: 'accounts',
    position: 2,
    icon: 'sliders',
    seq: 50,
    hidden: true,
    buttons: crud('accounts-fx-rate', 'accounts-fx-rate-save'),
  },
  {
    name: 'accounts-fx-rate-save',
    id: 2051,
    url: '/main/accounts-fx-rate-save',
    group: 'accounts',
    position: 2,
    icon: 'sliders',
    seq: 51,
    hidden: true,
    category: 'form',
  },
  {
    name: 'accounts-transfer',
    id: 2052,
    url: '/main/accounts-transfer',
    group: 'accounts',
    position: 2,
    icon: 'sliders',
    seq: 52,
    hidden: true,
    buttons: [{ code: 'accounts-transfer:transfer' }],
  },
  // --- end accounts ---
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
    name: 'cards-balance',
    id: 3030,
    url: '/main/cards-balance',
    group: 'card-management',
    position: 2,
    icon: 'card',
    seq: 0,
    // Creating cards (cards-life), then what is done to a card (cards-ops).
    buttons: [{ code: 'cards-balance:add', opens: ['cards-balance-create-card'] }, ...CARD_OPS],
  },
  {
    name: 'cards-balance-create-card',
    id: 3031,
    url: '/main/cards-balance-create-card',
    group: 'card-management',
    position: 2,
    icon: 'card',
    seq: 7,
    hidden: true,
    category: 'form',
  },
  {
    name: 'cards-balance-view-card-detail',
    id: 3032,
    url: '/main/cards-balance-view-card-detail',
    group: 'card-management',
    position: 2,
    icon: 'card',
    seq: 8,
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
  // Card operations' reviews (docs/cards.md, "Reviews").
  {
    name: 'cards-cancel-review',
    id: 3050,
    url: '/main/cards-cancel-review',
    group: 'card-management',
    position: 2,
    icon: 'card',
    seq: 10,
    buttons: [{ code: 'cards-cancel-review:review' }],
  },
  {
    name: 'cards-transactions-update-balance',
    id: 3055,
    url: '/main/cards-transactions-update-balance',
    group: 'card-management',
    position: 2,
    icon: 'card',
    seq: 11,
    buttons: [
      { code: 'cards-transactions-update-balance:request' },
      { code: 'cards-transactions-update-balance:review' },
    ],
  },
  {
    // Card transactions (issue 9): what the channel reported; `simulate` sends sandbox events.
    name: 'cards-transactions',
    id: 3080,
    url: '/main/cards-transactions',
    group: 'card-management',
    position: 2,
    icon: 'list',
    seq: 20,
    buttons: [{ code: 'cards-transactions:simulate' }],
  },
  // Shared card rules and groups (issue 10, docs/groups.md).
  {
    name: 'cards-rules-limits',
    id: 3100,
    url: '/main/cards-rules-limits',
    group: 'card-management',
    position: 2,
    icon: 'sliders',
    seq: 30,
    buttons: [
      // add / edit: merchant-level rules; platform: platform-level rules (with add / edit).
      { code: 'cards-rules-limits:add', opens: ['cards-rules-limits-merchant-saveinfo'] },
      { code: 'cards-rules-limits:edit', opens: ['cards-rules-limits-merchant-saveinfo'] },
      { code: 'cards-rules-limits:delete' },
      { code: 'cards-rules-limits:platform', opens: ['cards-rules-limits-save'] },
      { code: 'cards-rules-limits:visibility', opens: ['cards-rules-limits-visibility'] },
    ],
  },
  {
    name: 'cards-rules-limits-save',
    id: 3101,
    url: '/main/cards-rules-limits-save',
    group: 'card-management',
    position: 2,
    icon: 'sliders',
    seq: 31,
    hidden: true,
    category: 'form',
  },
  {
    name: 'cards-rules-limits-merchant-saveinfo',
    id: 3102,
    url: '/main/cards-rules-limits-merchant-saveinfo',
    group: 'card-management',
    position: 2,
    icon: 'sliders',
    seq: 32,
    hidden: true,
    category: 'form',
  },
  {
    name: 'cards-rules-limits-visibility',
    id: 3103,
    url: '/main/cards-rules-limits-visibility',
    group: 'card-management',
    position: 2,
    icon: 'sliders',
    seq: 33,
    hidden: true,
    category: 'form',
  },
  {
    name: 'cards-share-group',
    id: 3110,
    url: '/main/cards-share-group',
    group: 'card-management',
    position: 2,
    icon: 'card',
    seq: 25,
    buttons: [
      { code: 'cards-share-group:add', opens: ['create-share-card-group'] },
      { code: 'cards-share-group:top-up' },
      { code: 'cards-share-group:withdraw' },
      { code: 'cards-share-group:cards', opens: ['cards-share-cards'] },
    ],
  },
  {
    name: 'create-share-card-group',
    id: 3111,
    url: '/main/create-share-card-group',
    group: 'card-management',
    position: 2,
    icon: 'card',
    seq: 26,
    hidden: true,
    category: 'form',
  },
  {
    name: 'cards-share-cards',
    id: 3112,
    url: '/main/cards-share-cards',
    group: 'card-management',
    position: 2,
    icon: 'card',
    seq: 27,
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

/** Every button code of the registry (`'dict-management:add'`): a misspelt one is a type error. */
export type ButtonCode = ButtonCodes<ScreenName>

/** The console path of a screen that has one (`'/main/dict-management'`). */
export type ScreenUrl = Exclude<(typeof REGISTRY)[number]['url'], ''>

/** The `cards-balance` button each card operation (features/cardOps) needs: unfreeze is freeze's. */
export const CARD_OP_BUTTONS = {
  topUp: 'cards-balance:top-up',
  withdraw: 'cards-balance:withdraw',
  updateLimit: 'cards-balance:update-limit',
  freeze: 'cards-balance:freeze',
  unfreeze: 'cards-balance:freeze',
  cancel: 'cards-balance:cancel',
  reveal: 'cards-balance:reveal',
} as const satisfies Record<string, ButtonCode>

/** The console path of a screen, from the registry: `screenUrl('dict-management')`. */
export function screenUrl(name: ScreenName): ScreenUrl {
  return screenByName.get(name)!.url as ScreenUrl
}

export const screenByName = new Map(SCREENS.map((s) => [s.name, s]))
export const screenByUrl = new Map(SCREENS.filter((s) => s.url).map((s) => [s.url, s]))

/**
 * Where "home" is for a user: their landing page (a route name or a path), else the dashboard.
 * Here, not with the menu model, because the sign-in page needs it and nothing else of the menus.
 */
export function landingPath(landingPage: string | undefined): string {
  if (landingPage?.startsWith('/') && !landingPage.startsWith('//')) return landingPage
  const screen = landingPage ? screenByName.get(landingPage) : undefined
  return screen?.url || '/main/index'
}
