import type { MessageKey } from '../i18n/keys'
import { AUDIT_ACTIONS } from './auditActions'
import { ISSUER_OPERATIONS } from './channelOperations'

/**
 * Every family of codes a user can see, and where each code's label lives. Screens, filters
 * and exports show a code only through `codeLabel`, so no raw code reaches the screen
 * (issue 18). A family names its codes and the key prefix of their labels; `family()` refuses,
 * at compile time, a code whose `<prefix>.<code>` is not a message key — a code without a
 * label fails `tsc`. Families whose codes live on the server only (dictionary values) are
 * checked by src/lib/codeLabels.test.ts against the server's lists.
 */

/**
 * Kinds of ledger entries (server/ledger/store.ts `EntryRequest.kind` takes only these): a
 * balance movement's type on the accounts screens.
 */
const LEDGER_KINDS = [
  'deposit',
  'withdrawal',
  'adjustment',
  'transfer',
  'fx_transfer',
  'hold_post',
  'card_initial_topup',
  'card_top_up',
  'card_withdraw',
  'card_cancel_return',
  'card_balance_update',
  'card_purchase',
  'card_refund',
  'group_deposit',
  'group_top_up',
  'group_withdraw',
  'group_card_in',
  'channel_transfer',
] as const
export type LedgerKind = (typeof LEDGER_KINDS)[number]

/** A balance movement's status (`account_movements.status`). */
const MOVEMENT_STATUS_CODES = ['success', 'pending', 'rejected', 'cancel'] as const

/**
 * Remarks the server writes itself (src/lib/remarks.ts stores them as codes, so each reader
 * sees them in their own language; remarks users type are kept as typed).
 */
const REMARK_CODES = [
  'transferBetweenBalances',
  'transferBetweenCurrencies',
  'channelTransfer',
  'channelPrepayment',
  'groupDeposit',
  'groupTopUp',
  'groupWithdraw',
  'groupCardIn',
] as const
export type RemarkCode = (typeof REMARK_CODES)[number]

/**
 * Codes of built-in dictionaries; their labels are `dict:values.<dict>.<code>`, which the
 * server also answers for the dictionary calls (server/modules/common/dictionary.ts).
 * server/modules/common/codeLabels.test.ts checks the reasons and decline reasons against the
 * server's own lists, and every value of every built-in dictionary for a label in each language.
 */
export const CARD_BLOCK_REASONS = [
  'customerRequest',
  'suspectedFraud',
  'lostOrStolen',
  'riskReview',
  'issueResolved',
  'noLongerNeeded',
  'requestDeclined',
  'other',
] as const
export const DECLINE_REASONS = [
  'insufficientFunds',
  'cardBlocked',
  'cardCancelled',
  'overLimitPerTransaction',
  'overLimitDaily',
  'overLimitMonthly',
  'overLimitLifetime',
  'expired',
  'channelError',
  'groupPoolEmpty',
] as const
const CARD_STATES = [
  'creating',
  'pending',
  'systemError',
  'failed',
  'active',
  'blocked',
  'cancelRequested',
  'cancelled',
  'expired',
] as const
const ACCOUNT_TRANSACTION_TYPES = [
  'deposit',
  'withdrawal',
  'adjustment',
  'transfer',
  'fx_transfer',
] as const

interface Family<C extends string = string> {
  prefix: string
  codes: readonly C[]
}

/** A family whose every code has a label key: `${prefix}.${code}` must be a message key. */
export function family<const P extends string, const C extends string>(
  prefix: P,
  codes: readonly C[] & (`${P}.${C}` extends MessageKey ? unknown : never),
): Family<C> {
  return { prefix, codes }
}

export const CODE_FAMILIES = {
  ledgerKind: family('accounts:types', LEDGER_KINDS),
  movementStatus: family('accounts:statuses', MOVEMENT_STATUS_CODES),
  accountTransactionType: family('dict:values.account_transaction_type', ACCOUNT_TRANSACTION_TYPES),
  reason: family('dict:values.card_block_reason', CARD_BLOCK_REASONS),
  declineReason: family('dict:values.decline_reason', DECLINE_REASONS),
  cardState: family('dict:values.card_state', CARD_STATES),
  auditAction: family('dashboard:activity', AUDIT_ACTIONS),
  issuerOperation: family('dashboard:devops.op', ISSUER_OPERATIONS),
  remark: family('codes:remark', REMARK_CODES),
} as const
export type CodeFamily = keyof typeof CODE_FAMILIES
type CodeOf<F extends CodeFamily> = (typeof CODE_FAMILIES)[F]['codes'][number]

/** Whether `code` is one of the family's (an API answers plain strings). */
export function isCodeOf<F extends CodeFamily>(familyName: F, code: string): code is CodeOf<F> {
  return (CODE_FAMILIES[familyName].codes as readonly string[]).includes(code)
}

/**
 * A code's label in `t`'s language. A code the family does not know (a row written by an
 * older version) is shown as it is: a new code is added to its family, which `tsc` then makes
 * label in both languages.
 */
export function codeLabel(t: Translate, familyName: CodeFamily, code: string): string {
  if (!isCodeOf(familyName, code)) return code
  return lookUp(t, `${CODE_FAMILIES[familyName].prefix}.${code}` as MessageKey)
}

/**
 * Any i18next `t` — the console's (`useTranslation`, whatever namespaces it was made for) or
 * the server's — without this module depending on i18next (src/lib stays free of UI
 * libraries). Each `t` types its own keys, so none is assignable to one signature; the keys
 * this module passes are checked as `MessageKey`s instead.
 */
export type Translate = (...args: never[]) => unknown

/** A full key (`<namespace>:<key>`): its own namespace decides, not the caller's default. */
export function lookUp(t: Translate, key: MessageKey, values?: Record<string, string>): string {
  const call = t as unknown as (key: string, values?: Record<string, string>) => unknown
  return String(call(key, values))
}
