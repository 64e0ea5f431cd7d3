/**
 * The screen tree: every screen that exists, where it sits in the menus and how it is reached.
 * Its buttons are not here: the definitions declare them (src/resources/registry.ts assembles
 * the registry the server seeds menus and buttons from). The console's shell and sign-in page
 * read this module alone, so they load no definition (no zod schema) for it. A screen is listed
 * only once it is built, so no menu ever leads to a page that is not there. Labels are the
 * `menu:<name>` i18n keys; button labels `menu:button.<action>`.
 */
export type MenuPosition = 1 | 2

/** What the seed writes for a screen (docs/menus-and-permissions.md). */
export interface Screen {
  /** Route name: the spec's menu name, unique. */
  name: string
  /** Stable menu id. */
  id: number
  /** Console path below the base path: `/main/<name>`; groups and devops sections have none. */
  url: string
  /** Parent group's name (a list's forms: the list's group). */
  group?: string
  /** 1: system list (header/settings), 2: administration list (side menu). */
  position: MenuPosition
  icon: string
  seq: number
  /** Not shown in the side menu: forms and built-in pages reached from other screens. */
  hidden?: boolean
  /** `devops`: a devops module (a section of devops-index, or an operations page). */
  category?: 'group' | 'page' | 'form' | 'devops'
  /**
   * Granted only to the platform administrator role, never by a grant of "all screens" (the
   * auditor's): its API refuses everyone else (permission `platformAdmin`).
   */
  platformAdminOnly?: boolean
  /** A form's list screen: the screen whose buttons open it. */
  list?: string
  /** A form: the actions of its list's buttons that open it (besides a resource's add / edit). */
  openedBy?: readonly string[]
  /** Buttons no definition declares (a route checks them itself): actions, `reveal`. */
  ownButtons?: readonly string[]
  /**
   * The other screens whose calls this screen makes (a section, a chooser, a picker it
   * shows): a role that grants this screen must grant them too, or the screen opens half
   * refused. The role editor ticks them with it and the role save refuses a half grant
   * (docs/decisions.md, "A screen's needs").
   */
  needs?: readonly string[]
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

/**
 * The DevOps dashboard's sections: each a devops module (category `devops`, under
 * `devops-index`) that a role holds or not (docs/devops.md, "Devops modules").
 */
export const DEVOPS_SECTIONS = ['database', 'queues', 'webhooks', 'channels', 'routes'] as const
export type DevopsSection = (typeof DEVOPS_SECTIONS)[number]

/**
 * A node of the tree. What a node leaves out it takes from its parent: icon and
 * platformAdminOnly from any parent; a form (in `forms`) also its list's group and position,
 * and is hidden, category `form`, unless it says otherwise. `children` are a group's members
 * (their group is the parent).
 */
interface Node<N extends string = string> {
  name: N
  id: number
  seq: number
  icon?: string
  position?: MenuPosition
  hidden?: boolean
  category?: Screen['category']
  platformAdminOnly?: boolean
  /** Only a devops section: it is a part of its page, with no URL of its own. */
  url?: ''
  openedBy?: readonly string[]
  ownButtons?: readonly string[]
  needs?: readonly string[]
  children?: readonly Node[]
  forms?: readonly Node[]
}

/** A form (or hidden built-in page) of a list: `form('dict-management-save', 9011, 2)`. */
const form = <const N extends string>(
  name: N,
  id: number,
  seq: number,
  more: Omit<Node, 'name' | 'id' | 'seq' | 'children' | 'forms'> = {},
) => ({ name, id, seq, hidden: true, category: 'form', ...more }) as const

/** A section of the DevOps dashboard: a devops module, part of its page (no URL of its own). */
const section = <const S extends DevopsSection>(s: S, i: number) =>
  ({
    name: `devops-${s}`,
    id: 1011 + i,
    seq: i + 1,
    url: '',
    hidden: true,
    category: 'devops',
  }) as const

const TREE = [
  { name: 'index', id: 1000, seq: 1, icon: 'dashboard' },
  {
    name: 'devops-index',
    id: 1010,
    seq: 2,
    icon: 'pulse',
    platformAdminOnly: true,
    // --- devops modules (issue 20): the DevOps dashboard's sections, granted one by one ---
    children: DEVOPS_SECTIONS.map(section),
  },
  {
    name: 'operations',
    id: 1100,
    seq: 3,
    icon: 'pulse',
    category: 'group',
    platformAdminOnly: true,
    children: [
      { name: 'opt-information', id: 1110, seq: 1, icon: 'info', category: 'devops' },
      {
        name: 'devops-module-list',
        id: 1120,
        seq: 2,
        icon: 'list',
        ownButtons: ['edit'],
        forms: [form('devops-module-save', 1121, 3, { openedBy: ['edit'] })],
      },
      // Who holds which devops module: every role, one column per module (docs/devops.md).
      {
        name: 'devops-module-management',
        id: 1122,
        seq: 4,
        icon: 'list',
        ownButtons: ['grant'],
        forms: [form('role-devops-module-saveinfo', 1123, 5, { openedBy: ['grant'] })],
      },
    ],
  },
  {
    name: 'system-administration',
    id: 9000,
    seq: 90,
    icon: 'gear',
    category: 'group',
    children: [
      // --- modules and buttons (issue 20): the menu entries and buttons, as operators edit them ---
      {
        name: 'module-management',
        id: 9070,
        seq: 15,
        icon: 'list',
        platformAdminOnly: true,
        forms: [form('module-management-save', 9071, 16)],
      },
      { name: 'button-management', id: 9072, seq: 17, icon: 'list', platformAdminOnly: true },
      {
        name: 'dict-management',
        id: 9010,
        seq: 1,
        icon: 'book',
        forms: [form('dict-management-save', 9011, 2)],
      },
      {
        name: 'dict-dt-management',
        id: 9020,
        seq: 3,
        icon: 'list',
        // Its dictionary chooser and heading read the dictionaries (/dict/list, /dict/detail).
        needs: ['dict-management'],
        forms: [form('dict-dt-management-save', 9021, 4)],
      },
      {
        name: 'parameter-management',
        id: 9030,
        seq: 5,
        icon: 'sliders',
        forms: [form('parameter-management-save', 9031, 6)],
      },
      // --- e-mail templates (issue 19): one per event and language, saved as versions ---
      {
        name: 'email-template',
        id: 9060,
        seq: 12,
        icon: 'list',
        forms: [form('email-template-save', 9061, 13), form('email-template-view', 9062, 14)],
      },
      // --- mail (issue 19): sender accounts and send records ---
      {
        name: 'email-account',
        id: 9040,
        seq: 7,
        icon: 'mail',
        // Edit also checks the DNS records and sends a test mail through the account.
        ownButtons: ['view'],
        forms: [
          form('email-account-save', 9041, 8),
          form('email-account-view', 9042, 9, { openedBy: ['view'] }),
          // Which account sends which mail: the platform default and each company's choice.
          form('email-account-save-settinginfo', 9043, 10, { openedBy: ['settings'] }),
        ],
      },
      {
        name: 'send-record',
        id: 9050,
        seq: 11,
        icon: 'send',
        ownButtons: ['view'],
        forms: [form('send-record-view', 9051, 12, { openedBy: ['view'] })],
      },
      // --- administrators (issue 20) ---
      {
        name: 'user-management',
        id: 9100,
        seq: 20,
        icon: 'person',
        forms: [form('user-management-save', 9101, 21)],
      },
      // --- audit log (issue 20): every write, sign-in, reveal and decision in reach ---
      {
        name: 'audit-log',
        id: 9080,
        seq: 30,
        icon: 'clock',
        forms: [
          form('audit-log-view', 9081, 31, { openedBy: ['view'] }),
          form('audit-user-rights', 9082, 32, { openedBy: ['view'], icon: 'person' }),
        ],
      },
      {
        name: 'role-management',
        id: 9090,
        seq: 18,
        icon: 'person',
        forms: [form('role-management-save', 9091, 19)],
      },
    ],
  },
  // --- accounts (issue 8): balances, bank accounts, balance transactions with review ---
  {
    name: 'accounts',
    id: 2000,
    seq: 20,
    icon: 'list',
    category: 'group',
    children: [
      {
        name: 'accounts-balance',
        id: 2010,
        seq: 1,
        // The platform's receiving bank accounts, edited on this screen's second list.
        forms: [
          form('accounts-balance-save', 2011, 2),
          form('accounts-balance-view', 2012, 3),
          form('accounts-balance-currency-list', 2013, 4, { category: undefined }),
        ],
      },
      {
        name: 'accounts-transactions',
        id: 2020,
        seq: 5,
        forms: [
          form('accounts-transactions-save', 2021, 6),
          form('accounts-transactions-review', 2022, 7, { openedBy: ['review'] }),
          form('accounts-transactions-update-balance', 2023, 8, { openedBy: ['update-balance'] }),
        ],
      },
      // Transfers, FX rates and channel funding accounts (docs/ledger.md).
      {
        name: 'accounts-channel',
        id: 2040,
        seq: 40,
        icon: 'book',
        ownButtons: ['view', 'visibility', 'transfer'],
        forms: [
          form('accounts-channel-save', 2041, 41),
          form('accounts-channel-view', 2042, 42, { openedBy: ['view'] }),
          form('accounts-channel-visibility', 2043, 43, { openedBy: ['visibility'] }),
          form('accounts-channel-transfer', 2044, 44, { openedBy: ['transfer'] }),
        ],
      },
      {
        name: 'accounts-fx-rate',
        id: 2050,
        seq: 50,
        icon: 'sliders',
        hidden: true,
        forms: [form('accounts-fx-rate-save', 2051, 51)],
      },
      { name: 'accounts-transfer', id: 2052, seq: 52, icon: 'sliders', hidden: true },
    ],
  },
  // Cards (issue 9): card BINs (hidden built-in names, reached from the palette) and cardholders.
  {
    name: 'card-management',
    id: 3000,
    seq: 30,
    icon: 'card',
    category: 'group',
    children: [
      {
        name: 'coremanagement-cardholder-management',
        id: 3010,
        seq: 1,
        icon: 'person',
        forms: [
          form('coremanagement-cardholder-save', 3011, 2),
          form('coremanagement-cardholder-view', 3012, 3),
        ],
      },
      {
        name: 'cards-balance',
        id: 3030,
        seq: 0,
        // Creating cards (cards-life), then what is done to a card (cards-ops); revealing a
        // card's number is a route of its own (no action definition).
        ownButtons: ['reveal'],
        forms: [
          form('cards-balance-create-card', 3031, 7),
          // Its transactions part lists the card's transactions (/card-transactions/list).
          form('cards-balance-view-card-detail', 3032, 8, { needs: ['cards-transactions'] }),
        ],
      },
      {
        name: 'card-bin-management',
        id: 3020,
        seq: 4,
        // Spec §2 lists it among the hidden built-in names: not in the side menu; the palette lists it.
        hidden: true,
        forms: [
          form('card-bin-management-save', 3021, 5),
          form('card-bin-management-assign', 3022, 6, { openedBy: ['assign'] }),
        ],
      },
      // Card operations' reviews (docs/cards.md, "Reviews").
      { name: 'cards-cancel-review', id: 3050, seq: 10 },
      // Its request dialog picks the card from the card list (/card/list).
      { name: 'cards-transactions-update-balance', id: 3055, seq: 11, needs: ['cards-balance'] },
      // Card transactions (issue 9): what the channel reported; `simulate` sends sandbox events.
      { name: 'cards-transactions', id: 3080, seq: 20, icon: 'list' },
      // Shared card rules and groups (issue 10, docs/groups.md).
      {
        name: 'cards-rules-limits',
        id: 3100,
        seq: 30,
        icon: 'sliders',
        // add / edit: merchant-level rules; platform: platform-level rules (with add / edit).
        forms: [
          form('cards-rules-limits-save', 3101, 31, { openedBy: ['platform'] }),
          form('cards-rules-limits-merchant-saveinfo', 3102, 32),
          form('cards-rules-limits-visibility', 3103, 33, { openedBy: ['visibility'] }),
        ],
      },
      {
        name: 'cards-share-group',
        id: 3110,
        seq: 25,
        forms: [
          form('create-share-card-group', 3111, 26),
          form('cards-share-cards', 3112, 27, { openedBy: ['cards'] }),
        ],
      },
    ],
  },
  { name: 'settings-profile', id: 100, seq: 1, icon: 'person', position: 1 },
] as const satisfies readonly Node[]

type NamesIn<T> = T extends { name: infer N extends string }
  ? | N
    | (T extends { children: readonly (infer C)[] } ? NamesIn<C> : never)
    | (T extends { forms: readonly (infer F)[] } ? NamesIn<F> : never)
  : never

type Nodes<T> =
  | T
  | (T extends { children: readonly (infer C)[] } ? Nodes<C> : never)
  | (T extends { forms: readonly (infer F)[] } ? Nodes<F> : never)

/** A screen that exists: a misspelt name is a type error. */
export type ScreenName = NamesIn<(typeof TREE)[number]>

/** The buttons the tree declares itself (`'cards-balance:reveal'`): see Screen.ownButtons. */
export type OwnButtonCode =
  Nodes<(typeof TREE)[number]> extends infer T
    ? T extends { name: infer N extends string; ownButtons: readonly (infer B extends string)[] }
      ? `${N}:${B}`
      : never
    : never

type Unrouted = Extract<Nodes<(typeof TREE)[number]>, { category: 'group' } | { url: '' }>['name']

/** The console path of a screen that has one (`'/main/dict-management'`). */
export type ScreenUrl = `/main/${Exclude<ScreenName, Unrouted>}`

/** The tree in seed order (parents before their members and forms), each node made a Screen. */
function flatten(nodes: readonly Node[], parent?: Screen, ofList?: Screen): Screen[] {
  return nodes.flatMap((n) => {
    const { category } = n
    const group = ofList ? ofList.group : parent?.name
    const screen: Screen = {
      name: n.name,
      id: n.id,
      url: n.url ?? (category === 'group' ? '' : `/main/${n.name}`),
      ...(group && { group }),
      position: n.position ?? ofList?.position ?? parent?.position ?? 2,
      icon: n.icon ?? parent?.icon ?? ofList?.icon ?? 'list',
      seq: n.seq,
      ...(n.hidden && { hidden: true }),
      ...(category && { category }),
      ...((n.platformAdminOnly || parent?.platformAdminOnly || ofList?.platformAdminOnly) && {
        platformAdminOnly: true,
      }),
      ...(ofList && { list: ofList.name }),
      ...(n.openedBy && { openedBy: n.openedBy }),
      ...(n.ownButtons && { ownButtons: n.ownButtons }),
      ...(n.needs && { needs: n.needs }),
    }
    return [
      screen,
      ...flatten(n.children ?? [], screen),
      ...flatten(n.forms ?? [], undefined, screen),
    ]
  })
}

export const SCREENS: readonly Screen[] = flatten(TREE)

export const screenByName: ReadonlyMap<string, Screen> = new Map(SCREENS.map((s) => [s.name, s]))
export const screenByUrl: ReadonlyMap<string, Screen> = new Map(
  SCREENS.filter((s) => s.url).map((s) => [s.url, s]),
)

/** The console path of a screen, from the tree: `screenUrl('dict-management')`. */
export function screenUrl(name: ScreenName): ScreenUrl {
  return screenByName.get(name)!.url as ScreenUrl
}

/**
 * The screens a grant leaves out that its screens need (`needs`), each with the screen that
 * needs it: empty when the grant is whole. The role save refuses a grant for which this is
 * not empty; the role editor ticks them with the screen. Names only, so both halves use it.
 */
export function missingNeeds(granted: ReadonlySet<string>): { screen: string; needs: string }[] {
  const out: { screen: string; needs: string }[] = []
  for (const name of granted) {
    for (const need of screenByName.get(name)?.needs ?? []) {
      if (!granted.has(need)) out.push({ screen: name, needs: need })
    }
  }
  return out
}

/**
 * Where "home" is for a user: their landing page (a route name or a path), else the dashboard.
 * Here, not with the menu model, because the sign-in page needs it and nothing else of the menus.
 */
export function landingPath(landingPage: string | undefined): string {
  if (landingPage?.startsWith('/') && !landingPage.startsWith('//')) return landingPage
  const screen = landingPage ? screenByName.get(landingPage) : undefined
  return screen?.url || '/main/index'
}
