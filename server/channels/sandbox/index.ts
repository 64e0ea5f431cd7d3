export { sandboxIssuer, sandboxHooks } from './issuer'
export { deliverDueCreations, startSandboxDeliveryJob } from './delivery'
export { cardNumberFor, securityCode, CARD_NUMBER_LENGTH } from './numbers'
