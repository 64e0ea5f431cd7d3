import { rule } from '../../http/errors'

/**
 * Business codes of transfers, FX quotes and rates, and channel funding accounts: 2030–2049
 * (the ledger's 2001–2009 still apply: 2001 insufficient balance, 2002 request id reused…).
 */
export const TransferRules = {
  quoteNotFound: rule(2030, 'errors:transfers.quoteNotFound', 404),
  quoteExpired: rule(2031, 'errors:transfers.quoteExpired'),
  quoteUsed: rule(2032, 'errors:transfers.quoteUsed'),
  noRate: rule(2033, 'errors:transfers.noRate'),
  quoteMismatch: rule(2034, 'errors:transfers.quoteMismatch'),
  quoteRequired: rule(2035, 'errors:transfers.quoteRequired'),
  outOfReach: rule(2036, 'errors:transfers.outOfReach'),
  duplicatePair: rule(2037, 'errors:transfers.duplicatePair'),
  rateNotFound: rule(2038, 'errors:transfers.rateNotFound', 404),
  channelAccountNotFound: rule(2039, 'errors:transfers.channelAccountNotFound', 404),
  duplicateChannelAccount: rule(2040, 'errors:transfers.duplicateChannelAccount'),
  channelAccountFixed: rule(2041, 'errors:transfers.channelAccountFixed'),
  channelAccountHasBalance: rule(2042, 'errors:transfers.channelAccountHasBalance'),
  companyNotFound: rule(2044, 'errors:transfers.companyNotFound'),
} as const

/** How long a quote's rate and amounts are held. */
export const QUOTE_SECONDS = 60
