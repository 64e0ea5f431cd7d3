import { z } from 'zod'
import { email, optionalText, text } from '../lib/validators'
import { objectStep, type WizardDefinition } from '../machines/wizard'
import { defineAction } from './action'

/**
 * Merchant self-registration (public /register): one action, whose input the wizard's steps
 * split between them. Isomorphic, like every definition under src/resources: the server mounts
 * the call from it (server/modules/registration/routes.ts), the console runs the wizard on it.
 */
export const ADDRESS_MAX = 500

/** Spec §4: submitted → awaiting approval → approved | rejected (with a reason). */
export const REGISTRATION_STATUSES = [
  'submitted',
  'awaiting_approval',
  'approved',
  'rejected',
] as const

/** A box the user ticks: it starts unticked, and must be ticked to apply. */
const accepted = (message: string) => z.literal(true, { message })

const business = {
  companyName: text(),
  registrationNo: text(),
  /** ISO 3166-1 alpha-2; the server also checks it against its country list. */
  country: z
    .string()
    .trim()
    .min(1)
    .toUpperCase()
    // Not a `regex`: the contract would then refuse the lower-case code the call accepts.
    .refine((v) => /^[A-Z]{2}$/.test(v), { message: 'validation:country' })
    .meta({ description: 'ISO 3166-1 alpha-2', example: 'SG' }),
  address: text(ADDRESS_MAX),
  referralCode: optionalText(),
}

const contact = {
  contactName: text(),
  email: email.pipe(z.string().max(100)),
}

const agreements = {
  /** The master service agreement (/masterServiceAgreement) was read and accepted. */
  agreeServiceAgreement: accepted('validation:serviceAgreementRequired'),
  /** The privacy policy (/privacyPolicy) was read and accepted. */
  agreePrivacyPolicy: accepted('validation:privacyPolicyRequired'),
}

export const merchantRegister = defineAction({
  name: 'MerchantRegister',
  path: '/public/merchant/register',
  public: true,
  summary:
    'Submit a merchant registration (stored as submitted, acknowledged by e-mail); ' +
    'one pending registration per e-mail address',
  input: { ...business, ...contact, ...agreements },
  result: z.object({
    registrationId: z.number().int(),
    status: z.enum(REGISTRATION_STATUSES),
  }),
  moneyMoves: false,
  audit: 'registration.submit',
  changes: [],
})

export const businessStep = z.object(business)
export const contactStep = z.object(contact)
export const agreementsStep = z.object(agreements)

export const registerWizard: WizardDefinition = {
  id: 'merchant.register',
  steps: [
    objectStep('business', businessStep),
    objectStep('contact', contactStep),
    objectStep('agreements', agreementsStep),
  ],
}

/** A fresh application: every field blank, both boxes unticked. */
export const REGISTER_BLANK = {
  companyName: '',
  registrationNo: '',
  country: '',
  address: '',
  referralCode: '',
  contactName: '',
  email: '',
  agreeServiceAgreement: false,
  agreePrivacyPolicy: false,
}
