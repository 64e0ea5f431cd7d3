import { rule } from '../../http/errors'
import { LedgerRules } from '../../ledger/rules'

/**
 * Business codes of what is done to an existing card (top up, withdraw, limits, freeze,
 * cancellation and its review, balance updates, reveal): 3050–3069. The ledger's codes still
 * apply where the merchant balance is short (2001 "Insufficient account balance") or a request
 * id is reused with other fields (2002).
 */
export const CardOpsRules = {
  notFound: rule(3050, 'errors:cardOps.notFound', 404),
  notAllowed: rule(3051, 'errors:cardOps.notAllowed'),
  insufficientCardBalance: rule(3052, 'errors:ledger.insufficientCardBalance'),
  topUpTooSmall: rule(3053, 'errors:cardOps.topUpTooSmall'),
  pendingTransactions: rule(3054, 'errors:cardOps.pendingTransactions'),
  ownRequest: rule(3055, 'errors:cardOps.ownRequest'),
  requestNotFound: rule(3056, 'errors:cardOps.requestNotFound', 404),
  requestReviewed: rule(3057, 'errors:cardOps.requestReviewed'),
  unknownReason: rule(3058, 'errors:cardOps.unknownReason'),
  channelRefused: rule(3059, 'errors:cardOps.channelRefused'),
  channelUnavailable: rule(3060, 'errors:cardOps.channelUnavailable'),
  sensitiveNotAllowed: rule(3061, 'errors:cardOps.sensitiveNotAllowed', 403),
  noNumber: rule(3062, 'errors:cardOps.noNumber'),
  inProgress: rule(3063, 'errors:cardOps.inProgress'),
  failedAtChannel: rule(3064, 'errors:cardOps.failedAtChannel'),
  updatePending: rule(3065, 'errors:cardOps.updatePending'),
} as const

/** The ledger codes the money operations answer with as they are. */
export const MoneyRules = [LedgerRules.insufficientBalance, LedgerRules.requestIdReused] as const
