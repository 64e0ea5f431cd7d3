import { rule } from '../../http/errors'

/** Business codes of card transactions: 3070–3089. */
export const CardTxnRules = {
  notFound: rule(3070, 'errors:cardTxn.notFound', 404),
  /** The card to simulate on is missing or outside the caller's reach. */
  cardNotFound: rule(3071, 'errors:cardTxn.cardNotFound', 404),
  /** Simulation is for cards of the sandbox issuer only. */
  notSandbox: rule(3072, 'errors:cardTxn.notSandbox'),
  /** No FX rate from the merchant's currency to the card's. */
  noRate: rule(3073, 'errors:cardTxn.noRate'),
  /** A follow-up simulated on a transaction that is not a pending authorisation. */
  notPending: rule(3074, 'errors:cardTxn.notPending'),
  /** A partial clearing above the authorised amount. */
  clearingAboveAuthorised: rule(3075, 'errors:cardTxn.clearingAboveAuthorised'),
  /** A refund of a transaction that is not a cleared purchase, or more than it cleared. */
  refundNotAllowed: rule(3076, 'errors:cardTxn.refundNotAllowed'),
  /** The channel did not answer the simulated event (its webhook refused it). */
  deliveryFailed: rule(3077, 'errors:cardTxn.deliveryFailed', 502),
} as const
