import { rule } from '../../http/errors'

/**
 * Business codes of card issuing and the card screens: 3018–3029 and 3035–3049 (the card
 * operations use 3050–3099; 3030–3034 are the webhook's).
 */
export const CardRules = {
  notFound: rule(3018, 'refusals:cardLife.notFound', 404),
  merchantNotFound: rule(3019, 'refusals:cardLife.merchantNotFound'),
  binNotAssigned: rule(3020, 'refusals:cardLife.binNotAssigned'),
  cardholderNotFound: rule(3021, 'refusals:cardLife.cardholderNotFound'),
  unknownUsageType: rule(3022, 'refusals:cardLife.unknownUsageType'),
  validityTooShort: rule(3023, 'refusals:cardLife.validityTooShort'),
  topUpTooSmall: rule(3024, 'refusals:cardLife.topUpTooSmall'),
  insufficientBalance: rule(3025, 'refusals:cardLife.insufficientBalance'),
  requestIdReused: rule(3026, 'refusals:cardLife.requestIdReused'),
  channelUnavailable: rule(3027, 'refusals:cardLife.channelUnavailable'),
  parameterKind: rule(3035, 'refusals:cardLife.parameterKind'),
  cardholderHasCards: rule(3036, 'refusals:cardLife.cardholderHasCards'),
  binHasCards: rule(3037, 'refusals:cardLife.binHasCards'),
} as const
