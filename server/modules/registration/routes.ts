import { PUBLIC } from '../../auth/permissions'
import { action } from '../../http/action'
import type { AdminApp } from '../../http/context'
import { ok } from '../../http/respond'
import { serviceContext } from '../../resources/context'
import { RegistrationRules } from './rules'
import { CommonRules } from '../../http/errors'
import { MerchantRegisterRequest, MerchantRegisterResult } from './schemas'
import { registerMerchant } from './service'

/** Merchant self-registration from the public /register page. */
export function registerRegistration(app: AdminApp) {
  app.openapi(
    action({
      path: '/public/merchant/register',
      tag: 'public',
      summary:
        'Submit a merchant registration (stored as submitted, acknowledged by e-mail); ' +
        'one pending registration per e-mail address',
      permission: PUBLIC,
      body: MerchantRegisterRequest,
      data: MerchantRegisterResult,
      rules: [
        RegistrationRules.duplicatePending,
        RegistrationRules.referralCodeUnknown,
        CommonRules.tooManyRequests,
      ],
    }),
    async (c) =>
      ok(c, await registerMerchant(serviceContext(c), c.var.deps.mailer, c.req.valid('json'))),
  )
}
