import { rule } from '../../http/errors'

/**
 * Business codes of transfers, FX quotes and rates, and channel funding accounts: 2030–2049
 * (the ledger's 2001–2009 still apply: 2001 insufficient balance, 2002 request id reused…).
 */
export const TransferRules = {
  quoteNotFound: rule(2030, 'refusals:transfers.quoteNotFound', 404),
  quoteExpired: rule(2031, 'refusals:transfers.quoteExpired'),
  quoteUsed: rule(2032, 'refusals:transfers.quoteUsed'),
  noRate: rule(2033, 'refusals:transfers.noRate'),
  quoteMismatch: rule(2034, 'refusals:transfers.quoteMismatch'),
  quoteRequired: rule(2035, 'refusals:transfers.quoteRequired'),
  outOfReach: rule(2036, 'refusals:transfers.outOfReach'),
  duplicatePair: rule(2037, 'refusals:transfers.duplicatePair'),
  rateNotFound: rule(2038, 'refusals:transfers.rateNotFound', 404),
  channelAccountNotFound: rule(2039, 'refusals:transfers.channelAccountNotFound', 404),
  duplicateChannelAccount: rule(2040, 'refusals:transfers.duplicateChannelAccount'),
  channelAccountFixed: rule(2041, 'refusals:transfers.channelAccountFixed'),
  channelAccountHasBalance: rule(2042, 'refusals:transfers.channelAccountHasBalance'),
  companyNotFound: rule(2044, 'refusals:transfers.companyNotFound'),
} as const

/** How long a quote's rate and amounts are held. */
export const QUOTE_SECONDS = 60
