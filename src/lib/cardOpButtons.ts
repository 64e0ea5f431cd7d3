import type { ButtonCode } from '../resources/registry'

/**
 * The `cards-balance` button each card operation (features/cardOps) needs: unfreeze is freeze's;
 * reveal is the screen's own button (src/lib/screens.ts), the others the actions' buttons
 * (src/resources/cardOps.ts). Typed: a code the registry does not have does not compile.
 */
export const CARD_OP_BUTTONS = {
  topUp: 'cards-balance:top-up',
  withdraw: 'cards-balance:withdraw',
  updateLimit: 'cards-balance:update-limit',
  freeze: 'cards-balance:freeze',
  unfreeze: 'cards-balance:freeze',
  cancel: 'cards-balance:cancel',
  reveal: 'cards-balance:reveal',
} as const satisfies Record<string, ButtonCode>
