import { availableBalance, type AccountSums } from './postings'

/**
 * The pure rules of two-phase transfers. A pending hold reserves `amount` on the debit account
 * (debits_pending) and announces it on the credit account (credits_pending); resolving it
 * releases the reservation and posts `posted` (0 for a void or an expiry, ≤ amount).
 */

/** The debit account's sums after reserving, or null when the reservation does not fit. */
export function reserve(
  debit: AccountSums,
  amount: number,
  allowOverdraft: boolean,
): AccountSums | null {
  if (!Number.isSafeInteger(amount) || amount <= 0) return null
  if (!allowOverdraft && availableBalance(debit) < amount) return null
  return { ...debit, debitsPending: debit.debitsPending + amount }
}

/** The debit and credit accounts' sums after a hold of `amount` resolves posting `posted`. */
export function settle(
  debit: AccountSums,
  credit: AccountSums,
  amount: number,
  posted: number,
): { debit: AccountSums; credit: AccountSums } {
  if (posted < 0 || posted > amount) throw new Error('posted amount outside the hold')
  return {
    debit: {
      ...debit,
      debitsPending: debit.debitsPending - amount,
      debitsPosted: debit.debitsPosted + posted,
    },
    credit: {
      ...credit,
      creditsPending: credit.creditsPending - amount,
      creditsPosted: credit.creditsPosted + posted,
    },
  }
}
