import { SCREENS, type Screen, type OwnButtonCode, type ScreenName } from '../lib/screens'
import { accountAdjust, accountDeclare } from './accountRequests'
import type { PUBLIC_ACTION } from './action'
import { balances, bankAccounts, transactions } from './accounts'
import { auditEntries } from './audit'
import { cardBins } from './cardBins'
import {
  groupAddCards,
  groupCardLimit,
  groupCreate,
  groupMoveCard,
  groupRemoveCards,
  groupTopUp,
  groupWithdraw,
} from './cardGroupOps'
import { cardGroupRules, cardGroups } from './cardGroups'
import {
  cardBalanceUpdate,
  cardCancel,
  cardFreeze,
  cardLimits,
  cardTopUp,
  cardUnfreeze,
  cardWithdraw,
} from './cardOps'
import { balanceUpdates, cancelRequests } from './cardRequests'
import { cardTransactions } from './cardTransactions'
import { cardholders } from './cardholders'
import { cards } from './cards'
import { channelAccounts } from './channelAccounts'
import { devopsGrants } from './devopsGrants'
import { dictValues, dictionaries } from './dictionaries'
import { emailAccounts, saveSenderSettings } from './emailAccounts'
import { emailTemplates } from './emailTemplates'
import { fxRates } from './fxRates'
import { buttons as buttonAdmin, modules } from './moduleAdmin'
import { parameters } from './parameters'
import { roles } from './roles'
import { sendRecords } from './sendRecords'
import { transfer } from './transfers'
import { users } from './users'

/**
 * The registry the server seeds menus and buttons from (server/db/menus.ts; the demo roles'
 * grants: server/demo/grants.ts): the screen tree (src/lib/screens.ts) with each screen's
 * buttons, taken from the definitions that declare them — a resource's `screen` + `buttons`
 * (`add` / `edit` open its `form`), an action's `screen` + `button` — and the few the tree
 * declares itself (`ownButtons`). A button opens, besides, the forms of its screen that name it
 * in `openedBy`. Server-side and in tests only: the console's shell reads the tree alone.
 */

/** Every resource with a list screen, in the order their buttons are seeded. */
const RESOURCES = [
  balances,
  bankAccounts,
  transactions,
  auditEntries,
  cardBins,
  cardGroupRules,
  cardGroups,
  cancelRequests,
  balanceUpdates,
  cardTransactions,
  cardholders,
  cards,
  channelAccounts,
  devopsGrants,
  dictionaries,
  dictValues,
  emailAccounts,
  emailTemplates,
  fxRates,
  modules,
  buttonAdmin,
  parameters,
  roles,
  sendRecords,
  users,
] as const

/** Every action a button permits (the public merchant registration has none). */
const ACTIONS = [
  accountDeclare,
  accountAdjust,
  groupCreate,
  groupTopUp,
  groupWithdraw,
  groupAddCards,
  groupMoveCard,
  groupCardLimit,
  groupRemoveCards,
  cardTopUp,
  cardWithdraw,
  cardLimits,
  cardFreeze,
  cardUnfreeze,
  cardCancel,
  cardBalanceUpdate,
  saveSenderSettings,
  transfer,
] as const

/** The definitions the registry reads (src/resources/registry.test.ts: all of them). */
export const DEFINITIONS: readonly object[] = [...RESOURCES, ...ACTIONS]

type ResourceCode<R> = R extends {
  screen: infer N extends string
  buttons: readonly (infer B extends string)[]
}
  ? `${N}:${B}`
  : never
type ActionCode<A> = A extends { permission: infer P } ? Exclude<P, typeof PUBLIC_ACTION> : never

/** Every button code (`'dict-management:add'`): a misspelt one is a type error. */
export type ButtonCode =
  ResourceCode<(typeof RESOURCES)[number]> | ActionCode<(typeof ACTIONS)[number]> | OwnButtonCode

/** The actions of a screen's buttons (`'add' | 'edit' | 'delete'`). */
export type ButtonOf<N extends ScreenName> = ButtonCode extends infer C
  ? C extends `${N}:${infer A}`
    ? A
    : never
  : never

export interface ScreenButton {
  /** '<screen>:<action>'; the permission an API write declares. */
  code: ButtonCode
  /** Route names this button opens (spec §3 Button.menuRouterList). */
  opens: readonly string[]
}

export interface RegisteredScreen extends Screen {
  buttons: readonly ScreenButton[]
}

/**
 * A screen's buttons in seed order (a new database numbers them in it): its resources', as they
 * list them; then its actions' and its own — those that open a form in the order of the forms,
 * then those that open none. A button opens its resource's form (add / edit) and the forms of
 * the screen that name it in `openedBy`.
 */
function buttonsOf(screen: Screen): ScreenButton[] {
  const forms = SCREENS.filter((f) => f.list === screen.name)
  const opened = (action: string) =>
    forms.filter((f) => f.openedBy?.includes(action)).map((f) => f.name)
  const ofResources = RESOURCES.filter((r) => r.screen === screen.name).flatMap((r) =>
    r.buttons.map((action: string) => ({
      action,
      opens: [
        ...((action === 'add' || action === 'edit') && r.form !== r.screen ? [r.form] : []),
        ...opened(action),
      ],
    })),
  )
  const formIndex = (opens: string[]) =>
    opens.length ? forms.findIndex((f) => f.name === opens[0]) : forms.length
  const others = [
    ...ACTIONS.map((a) => a.permission.split(':'))
      .filter(([name]) => name === screen.name)
      .map(([, action]) => action),
    ...(screen.ownButtons ?? []),
  ]
    .map((action) => ({ action, opens: opened(action) }))
    .sort((a, b) => formIndex(a.opens) - formIndex(b.opens))
  const buttons = new Map<string, ScreenButton>()
  for (const { action, opens } of [...ofResources, ...others]) {
    const code = `${screen.name}:${action}` as ButtonCode
    buttons.set(code, {
      code,
      opens: [...new Set([...(buttons.get(code)?.opens ?? []), ...opens])],
    })
  }
  return [...buttons.values()]
}

export const REGISTRY: readonly RegisteredScreen[] = SCREENS.map((s) => ({
  ...s,
  buttons: buttonsOf(s),
}))

export const registeredScreen: ReadonlyMap<string, RegisteredScreen> = new Map(
  REGISTRY.map((s) => [s.name, s]),
)
