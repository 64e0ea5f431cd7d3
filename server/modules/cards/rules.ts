import { rule } from '../../http/errors'

/**
 * Business codes of card issuing and the card screens: 3018–3029 and 3035–3049 (the card
 * operations use 3050–3099; 3030–3034 are the webhook's).
 */
export const CardRules = {
  notFound: rule(3018, 'errors:cardLife.notFound', 404),
  merchantNotFound: rule(3019, 'errors:cardLife.merchantNotFound'),
  binNotAssigned: rule(3020, 'errors:cardLife.binNotAssigned'),
  cardholderNotFound: rule(3021, 'errors:cardLife.cardholderNotFound'),
  unknownUsageType: rule(3022, 'errors:cardLife.unknownUsageType'),
  validityTooShort: rule(3023, 'errors:cardLife.validityTooShort'),
  topUpTooSmall: rule(3024, 'errors:cardLife.topUpTooSmall'),
  insufficientBalance: rule(3025, 'errors:cardLife.insufficientBalance'),
  requestIdReused: rule(3026, 'errors:cardLife.requestIdReused'),
  channelUnavailable: rule(3027, 'errors:cardLife.channelUnavailable'),
  parameterKind: rule(3035, 'errors:cardLife.parameterKind'),
  cardholderHasCards: rule(3036, 'errors:cardLife.cardholderHasCards'),
  binHasCards: rule(3037, 'errors:cardLife.binHasCards'),
} as const
