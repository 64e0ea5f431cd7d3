import { rule } from '../http/errors'

/** Business codes of the ledger: 2001–2099 (messages under `ledger` in refusals.json). */
export const LedgerRules = {
  insufficientBalance: rule(2001, 'refusals:ledger.insufficientAccountBalance'),
  requestIdReused: rule(2002, 'refusals:ledger.requestIdReused'),
  accountNotFound: rule(2003, 'refusals:ledger.accountNotFound', 404),
  currencyMismatch: rule(2004, 'refusals:ledger.currencyMismatch'),
  sameAccount: rule(2005, 'refusals:ledger.sameAccount'),
  holdNotFound: rule(2006, 'refusals:ledger.holdNotFound', 404),
  holdResolved: rule(2007, 'refusals:ledger.holdResolved'),
  holdExceeded: rule(2008, 'refusals:ledger.holdExceeded'),
  unbalanced: rule(2009, 'refusals:ledger.unbalanced'),
} as const
