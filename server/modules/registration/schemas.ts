import { z } from '@hono/zod-openapi'
import { isKnownCountry } from '../common/reference'
import { email, optionalText, text } from '../../../src/lib/validators'

/** Spec §4: submitted → awaiting approval → approved | rejected (with a reason). */
export const REGISTRATION_STATUSES = [
  'submitted',
  'awaiting_approval',
  'approved',
  'rejected',
] as const
/** Still waiting for a decision: a second registration for the same e-mail is refused. */
export const PENDING_STATUSES = ['submitted', 'awaiting_approval'] as const

export const MerchantRegisterRequest = z
  .object({
    companyName: text(),
    contactName: text(),
    email: email.pipe(z.string().max(100)),
    country: z
      .string()
      .trim()
      .toUpperCase()
      .refine(isKnownCountry, {
        message: 'validation:country',
      })
      .openapi({ description: 'ISO 3166-1 alpha-2', example: 'SG' }),
    registrationNo: text(),
    address: text(500),
    referralCode: optionalText(),
    /** The master service agreement (/masterServiceAgreement) was read and accepted. */
    agreeServiceAgreement: z.literal(true, { message: 'validation:serviceAgreementRequired' }),
    /** The privacy policy (/privacyPolicy) was read and accepted. */
    agreePrivacyPolicy: z.literal(true, { message: 'validation:privacyPolicyRequired' }),
  })
  .openapi('MerchantRegisterRequest')

export const MerchantRegisterResult = z
  .object({
    registrationId: z.number().int(),
    status: z.enum(REGISTRATION_STATUSES),
  })
  .openapi('MerchantRegisterResult')
