import { rule } from '../../http/errors'

/** Business codes of the accounts screens: 2010–2029, in the ledger's range (docs/ledger.md). */
export const AccountRules = {
  depositBelowMinimum: rule(2010, 'errors:accounts.depositBelowMinimum'),
  requestNotFound: rule(2011, 'errors:accounts.requestNotFound', 404),
  requestNotPending: rule(2012, 'errors:accounts.requestNotPending'),
  ownRequest: rule(2013, 'errors:accounts.ownRequest'),
  proofType: rule(2014, 'errors:accounts.proofType'),
  proofTooLarge: rule(2015, 'errors:accounts.proofTooLarge'),
  proofRequired: rule(2016, 'errors:accounts.proofRequired'),
  notOwnRequest: rule(2017, 'errors:accounts.notOwnRequest'),
  fileNotFound: rule(2018, 'errors:accounts.fileNotFound', 404),
  bankAccountNotFound: rule(2019, 'errors:accounts.bankAccountNotFound', 404),
  merchantNotFound: rule(2020, 'errors:accounts.merchantNotFound', 404),
} as const
