import { z } from 'zod'
import { email, optionalText, text } from '../lib/validators'
import { objectStep, type WizardDefinition } from '../machines/wizard'

/**
 * Merchant self-registration as a wizard (public /register). Together the steps are the
 * server's MerchantRegisterRequest, field for field, with the same rules and messages
 * (server/modules/registration/registerWizard.test.ts holds them to it). Isomorphic, like every
 * definition under src/resources: the console runs it, the server's tests check it.
 */
export const ADDRESS_MAX = 500

/** A box the user ticks: it starts unticked, and must be ticked to apply. */
const accepted = (message: string) => z.boolean().refine((v) => v, { message })

export const businessStep = z.object({
  companyName: text(),
  registrationNo: text(),
  country: z.string().min(1),
  address: text(ADDRESS_MAX),
  referralCode: optionalText(),
})

export const contactStep = z.object({
  contactName: text(),
  email: email.pipe(z.string().max(100)),
})

export const agreementsStep = z.object({
  agreeServiceAgreement: accepted('validation:serviceAgreementRequired'),
  agreePrivacyPolicy: accepted('validation:privacyPolicyRequired'),
})

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
