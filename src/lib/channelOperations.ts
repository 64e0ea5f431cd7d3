/**
 * The issuer channel's operations (`IssuerChannel` in server/channels/issuer.ts), named once:
 * the sandbox's per-operation parameters, the recorded issuer behind the devops figures and the
 * devops dashboard's labels all use this list. issuer.ts checks at compile time that it names
 * every operation of the interface and nothing else.
 */
export const ISSUER_OPERATIONS = [
  'createCard',
  'topUp',
  'withdraw',
  'freeze',
  'unfreeze',
  'cancel',
  'updateLimits',
] as const

export type IssuerOperation = (typeof ISSUER_OPERATIONS)[number]
