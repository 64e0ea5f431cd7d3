export { sandboxIssuer, sandboxHooks } from './issuer'
export { deliverDueCreations, sandboxDeliveryJob } from './delivery'
export { cardNumberFor, securityCode, CARD_NUMBER_LENGTH } from './numbers'
