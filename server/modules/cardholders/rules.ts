import { rule } from '../../http/errors'

/** Business codes of cardholders: 3011–3019 (cards take 3001–3029). */
export const CardholderRules = {
  notFound: rule(3011, 'refusals:cardholder.notFound', 404),
  merchantNotFound: rule(3012, 'refusals:cardholder.merchantNotFound'),
  merchantChanged: rule(3013, 'refusals:cardholder.merchantChanged'),
  unknownCountry: rule(3014, 'refusals:cardholder.unknownCountry'),
  unknownState: rule(3015, 'refusals:cardholder.unknownState'),
  stateRequired: rule(3016, 'refusals:cardholder.stateRequired'),
  unknownAreaCode: rule(3017, 'refusals:cardholder.unknownAreaCode'),
} as const
