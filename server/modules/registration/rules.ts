import { rule } from '../../http/errors'

/** Business codes of merchant self-registration: 1500–1599 (shared with the profile). */
export const RegistrationRules = {
  duplicatePending: rule(1511, 'refusals:registration.duplicatePending'),
  referralCodeUnknown: rule(1512, 'refusals:registration.referralCodeUnknown'),
} as const
