/**
 * The pure arithmetic of the ledger (no database): postings, balances and their invariants.
 * A posting's amount is signed: a credit is > 0, a debit < 0. An account's balance is
 * credits − debits, so money a merchant holds is a positive balance.
 */

export interface Posting {
  accountId: number
  currency: string
  amount: number
}

/** The running sums an account keeps (ledger_accounts). */
export interface AccountSums {
  debitsPosted: number
  creditsPosted: number
  debitsPending: number
  creditsPending: number
}

/** The largest amount one call moves (10^15 minor units): one value for both halves. */
export { MAX_AMOUNT } from '../../src/resources/money'

export const ACCOUNT_TYPES = [
  'merchant_balance',
  'card',
  'group_pool',
  'channel_funding',
  'fee_income',
  'external_bank',
  'fx',
  'rounding',
] as const
export type AccountType = (typeof ACCOUNT_TYPES)[number]

// 'channel': the platform's funding account at an issuing channel (owner id = the channel's id).
export const OWNER_TYPES = ['platform', 'company', 'merchant', 'card', 'group', 'channel'] as const
export type OwnerType = (typeof OWNER_TYPES)[number]

/**
 * Accounts that mirror money outside the platform or absorb conversion differences may go
 * below zero; every customer-facing account may not (the database CHECK backs this up).
 */
export const OVERDRAFT_TYPES: ReadonlySet<AccountType> = new Set([
  'external_bank',
  'fx',
  'rounding',
])

export function postedBalance(a: AccountSums): number {
  return a.creditsPosted - a.debitsPosted
}

/** What can still be spent: posted balance less what pending holds reserve. */
export function availableBalance(a: AccountSums): number {
  return a.creditsPosted - a.debitsPosted - a.debitsPending
}

/** Sum of postings per currency; a balanced entry has every sum at zero. */
export function sumsByCurrency(postings: readonly Posting[]): Map<string, number> {
  const sums = new Map<string, number>()
  for (const p of postings) sums.set(p.currency, (sums.get(p.currency) ?? 0) + p.amount)
  return sums
}

export function isBalanced(postings: readonly Posting[]): boolean {
  if (postings.length < 2) return false
  if (postings.some((p) => !Number.isSafeInteger(p.amount) || p.amount === 0)) return false
  return [...sumsByCurrency(postings).values()].every((s) => s === 0)
}

/** A same-currency transfer: the source is debited, the destination credited. */
export function transferPostings(
  fromAccountId: number,
  toAccountId: number,
  amount: number,
  currency: string,
): Posting[] {
  return [
    { accountId: fromAccountId, currency, amount: -amount },
    { accountId: toAccountId, currency, amount },
  ]
}

/** The account's sums after a posting. */
export function applyPosting(a: AccountSums, amount: number): AccountSums {
  return amount < 0
    ? { ...a, debitsPosted: a.debitsPosted - amount }
    : { ...a, creditsPosted: a.creditsPosted + amount }
}
