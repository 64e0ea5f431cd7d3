import { rule } from '../../http/errors'

/**
 * Business codes of what is done to an existing card (top up, withdraw, limits, freeze,
 * cancellation and its review, balance updates, reveal): 3050–3069. The ledger's codes still
 * apply where the merchant balance is short (2001 "Insufficient account balance") or a request
 * id is reused with other fields (2002).
 */
export const CardOpsRules = {
  notFound: rule(3050, 'refusals:cardOps.notFound', 404),
  notAllowed: rule(3051, 'refusals:cardOps.notAllowed'),
  insufficientCardBalance: rule(3052, 'refusals:ledger.insufficientCardBalance'),
  topUpTooSmall: rule(3053, 'refusals:cardOps.topUpTooSmall'),
  pendingTransactions: rule(3054, 'refusals:cardOps.pendingTransactions'),
  // 3055 (your own request) is no longer answered: every review answers 2013
  // (server/reviews/rules.ts).
  requestNotFound: rule(3056, 'refusals:cardOps.requestNotFound', 404),
  requestReviewed: rule(3057, 'refusals:cardOps.requestReviewed'),
  unknownReason: rule(3058, 'refusals:cardOps.unknownReason'),
  channelRefused: rule(3059, 'refusals:cardOps.channelRefused'),
  channelUnavailable: rule(3060, 'refusals:cardOps.channelUnavailable'),
  sensitiveNotAllowed: rule(3061, 'refusals:cardOps.sensitiveNotAllowed', 403),
  noNumber: rule(3062, 'refusals:cardOps.noNumber'),
  inProgress: rule(3063, 'refusals:cardOps.inProgress'),
  failedAtChannel: rule(3064, 'refusals:cardOps.failedAtChannel'),
  updatePending: rule(3065, 'refusals:cardOps.updatePending'),
  /** Past its expiry month a card is only emptied (withdraw) or cancelled (docs/cards.md). */
  cardExpired: rule(3066, 'refusals:cardOps.cardExpired'),
} as const
