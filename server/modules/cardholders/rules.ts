import { rule } from '../../http/errors'

/** Business codes of cardholders: 3011–3019 (cards take 3001–3029). */
export const CardholderRules = {
  notFound: rule(3011, 'errors:cardholder.notFound', 404),
  merchantNotFound: rule(3012, 'errors:cardholder.merchantNotFound'),
  merchantChanged: rule(3013, 'errors:cardholder.merchantChanged'),
  unknownCountry: rule(3014, 'errors:cardholder.unknownCountry'),
  unknownState: rule(3015, 'errors:cardholder.unknownState'),
  stateRequired: rule(3016, 'errors:cardholder.stateRequired'),
  unknownAreaCode: rule(3017, 'errors:cardholder.unknownAreaCode'),
} as const
