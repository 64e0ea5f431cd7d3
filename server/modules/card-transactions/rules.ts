import { rule } from '../../http/errors'

/** Business codes of card transactions: 3070–3089. */
export const CardTxnRules = {
  notFound: rule(3070, 'refusals:cardTxn.notFound', 404),
  /** The card to simulate on is missing or outside the caller's reach. */
  cardNotFound: rule(3071, 'refusals:cardTxn.cardNotFound', 404),
  /** Simulation is for cards of the sandbox issuer only. */
  notSandbox: rule(3072, 'refusals:cardTxn.notSandbox'),
  /** No FX rate from the merchant's currency to the card's. */
  noRate: rule(3073, 'refusals:cardTxn.noRate'),
  /** A follow-up simulated on a transaction that is not a pending authorisation. */
  notPending: rule(3074, 'refusals:cardTxn.notPending'),
  /** A partial clearing above the authorised amount. */
  clearingAboveAuthorised: rule(3075, 'refusals:cardTxn.clearingAboveAuthorised'),
  /** A refund of a transaction that is not a cleared purchase, or more than it cleared. */
  refundNotAllowed: rule(3076, 'refusals:cardTxn.refundNotAllowed'),
  /** The channel did not answer the simulated event (its webhook refused it). */
  deliveryFailed: rule(3077, 'refusals:cardTxn.deliveryFailed', 502),
} as const
