import type { ScreenName } from '../../src/lib/screens'
import { CARD_OP_BUTTONS } from '../../src/lib/cardOpButtons'
import type { ButtonCode } from '../../src/resources/registry'

/**
 * The demo roles' grants: which screens and buttons each role of the demo data holds. Demo data,
 * so the seed's (`seed(deps, { demo: true })` writes them as role rows); the screen registry
 * only says what exists. Typed against the registry: a misspelt screen or button does not
 * compile.
 */
export interface DemoGrant {
  screens: readonly ScreenName[] | 'all'
  buttons: readonly ButtonCode[] | 'all'
  allMerchantAccess: boolean
}

/** The accounts screens a company or merchant user opens (bank accounts: view only). */
const ACCOUNTS_SCREENS = [
  'accounts',
  'accounts-balance',
  'accounts-balance-view',
  'accounts-balance-currency-list',
  'accounts-transactions',
  'accounts-transactions-save',
] as const satisfies readonly ScreenName[]

/**
 * Operating a card (top up, withdraw, limits, freeze, cancel request): company and merchant
 * users within their reach. Reveal stays with the platform administrator, and even then passes
 * only for a user whose record has the sensitive-fields toggle.
 */
const CARD_OPS_BUTTONS = [...new Set(Object.values(CARD_OP_BUTTONS))].filter(
  (c) => c !== 'cards-balance:reveal',
)

/**
 * Shared card rules and groups for company and merchant users: merchant-level rules (never
 * platform-level ones or their visibility), groups, their money and their cards.
 */
const GROUP_SCREENS = [
  'cards-rules-limits',
  'cards-rules-limits-merchant-saveinfo',
  'cards-share-group',
  'create-share-card-group',
  'cards-share-cards',
] as const satisfies readonly ScreenName[]
const GROUP_BUTTONS = [
  'cards-rules-limits:add',
  'cards-rules-limits:edit',
  'cards-rules-limits:delete',
  'cards-share-group:add',
  'cards-share-group:top-up',
  'cards-share-group:withdraw',
  'cards-share-group:cards',
] as const satisfies readonly ButtonCode[]

/** The audit log, an entry's changes and a user's rights (read-only). */
const AUDIT_SCREENS = [
  'audit-log',
  'audit-log-view',
  'audit-user-rights',
] as const satisfies readonly ScreenName[]

/** Demo roles: which screens and buttons each grants (the seed writes these as role rows). */
export const DEMO_ROLE_GRANTS: Record<string, DemoGrant> = {
  'Platform administrator': { screens: 'all', buttons: 'all', allMerchantAccess: true },
  Auditor: { screens: 'all', buttons: [], allMerchantAccess: true },
  'Company administrator': {
    screens: [
      'index',
      'settings-profile',
      'dict-management',
      'dict-dt-management',
      ...ACCOUNTS_SCREENS,
      'accounts-channel',
      'accounts-transfer',
      'coremanagement-cardholder-management',
      'coremanagement-cardholder-view',
      'cards-transactions',
      'cards-balance',
      'cards-balance-view-card-detail',
      'cards-cancel-review',
      'cards-transactions-update-balance',
      ...GROUP_SCREENS,
      // The roles of its companies, within its own rights (docs/menus-and-permissions.md).
      'role-management',
      'user-management',
      ...AUDIT_SCREENS,
    ],
    // Its companies' merchants: declares and reviews their requests (never its own), moves
    // money between their balances, and sees the channel accounts shared with it.
    buttons: [
      'accounts-transactions:add',
      'accounts-transactions:review',
      'accounts-channel:view',
      'accounts-transfer:transfer',
      'coremanagement-cardholder-management:add',
      'coremanagement-cardholder-management:edit',
      'coremanagement-cardholder-management:delete',
      'cards-balance:add',
      ...CARD_OPS_BUTTONS,
      'cards-cancel-review:review',
      'cards-transactions-update-balance:request',
      'cards-transactions-update-balance:review',
      ...GROUP_BUTTONS,
      'role-management:add',
      'role-management:edit',
      'role-management:delete',
      // The administrators of its companies and merchants (issue 20), with roles within its own.
      'user-management:add',
      'user-management:edit',
      'user-management:delete',
      'user-management:lock',
      'user-management:unlock',
      'user-management:resend',
      'user-management:end-sessions',
      'audit-log:view',
    ],
    allMerchantAccess: false,
  },
  'Merchant user': {
    screens: [
      'index',
      'settings-profile',
      ...ACCOUNTS_SCREENS,
      'accounts-transfer',
      'coremanagement-cardholder-management',
      'coremanagement-cardholder-view',
      'cards-transactions',
      'cards-balance',
      'cards-balance-view-card-detail',
      'cards-cancel-review',
      ...GROUP_SCREENS,
    ],
    // Declares deposits and requests withdrawals (never reviews); moves money between its
    // own balances.
    buttons: [
      'accounts-transactions:add',
      'accounts-transfer:transfer',
      'coremanagement-cardholder-management:add',
      'coremanagement-cardholder-management:edit',
      'coremanagement-cardholder-management:delete',
      'cards-transactions:simulate',
      'cards-balance:add',
      ...CARD_OPS_BUTTONS,
      ...GROUP_BUTTONS,
    ],
    allMerchantAccess: false,
  },
}
