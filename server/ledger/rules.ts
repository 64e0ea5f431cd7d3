import { rule } from '../http/errors'

/** Business codes of the ledger: 2001–2099 (messages under `ledger` in errors.json). */
export const LedgerRules = {
  insufficientBalance: rule(2001, 'errors:ledger.insufficientAccountBalance'),
  requestIdReused: rule(2002, 'errors:ledger.requestIdReused'),
  accountNotFound: rule(2003, 'errors:ledger.accountNotFound', 404),
  currencyMismatch: rule(2004, 'errors:ledger.currencyMismatch'),
  sameAccount: rule(2005, 'errors:ledger.sameAccount'),
  holdNotFound: rule(2006, 'errors:ledger.holdNotFound', 404),
  holdResolved: rule(2007, 'errors:ledger.holdResolved'),
  holdExceeded: rule(2008, 'errors:ledger.holdExceeded'),
  unbalanced: rule(2009, 'errors:ledger.unbalanced'),
} as const
