import { rule } from '../../http/errors'

/** Business codes of sender e-mail accounts: 1700–1749. */
export const EmailAccountRules = {
  notFound: rule(1701, 'refusals:emailAccount.notFound', 404),
  duplicateAddress: rule(1702, 'refusals:emailAccount.duplicateAddress'),
  inactive: rule(1703, 'refusals:emailAccount.inactive'),
  notPublic: rule(1704, 'refusals:emailAccount.notPublic'),
  companyNotFound: rule(1705, 'refusals:emailAccount.companyNotFound'),
} as const
