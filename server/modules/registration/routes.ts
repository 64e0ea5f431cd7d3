import { merchantRegister } from '../../../src/resources/merchantRegistration'
import type { AdminApp } from '../../http/context'
import { CommonRules } from '../../http/errors'
import { mountAction } from '../../http/mountAction'
import { isKnownCountry } from '../common/reference'
import { RegistrationRules } from './rules'
import { registerMerchant } from './service'

/** Merchant self-registration from the public /register page. */
export function registerRegistration(app: AdminApp) {
  mountAction(app, merchantRegister, {
    tag: 'public',
    rules: [
      RegistrationRules.duplicatePending,
      RegistrationRules.referralCodeUnknown,
      CommonRules.tooManyRequests,
    ],
    check: ({ country }) =>
      isKnownCountry(country) ? null : { path: 'country', message: 'validation:country' },
    run: (ctx, input, deps) => registerMerchant(ctx, deps.mailer, input),
  })
}
