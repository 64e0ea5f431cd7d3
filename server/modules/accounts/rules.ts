import { rule } from '../../http/errors'

/**
 * Business codes of the accounts screens: 2010–2029, in the ledger's range (docs/ledger.md).
 * 2013 (your own request) and 2021 (a rejection without a reason) are every review's
 * (server/reviews/rules.ts).
 */
export const AccountRules = {
  depositBelowMinimum: rule(2010, 'refusals:accounts.depositBelowMinimum'),
  requestNotFound: rule(2011, 'refusals:accounts.requestNotFound', 404),
  requestNotPending: rule(2012, 'refusals:accounts.requestNotPending'),
  proofType: rule(2014, 'refusals:accounts.proofType'),
  proofTooLarge: rule(2015, 'refusals:accounts.proofTooLarge'),
  proofRequired: rule(2016, 'refusals:accounts.proofRequired'),
  notOwnRequest: rule(2017, 'refusals:accounts.notOwnRequest'),
  fileNotFound: rule(2018, 'refusals:accounts.fileNotFound', 404),
  bankAccountNotFound: rule(2019, 'refusals:accounts.bankAccountNotFound', 404),
  merchantNotFound: rule(2020, 'refusals:accounts.merchantNotFound', 404),
} as const
