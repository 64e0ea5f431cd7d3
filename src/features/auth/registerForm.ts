import { z } from 'zod'
import { email, optionalText, text } from '../../lib/validators'

/** The server's MerchantRegisterRequest, field for field, with the spec's messages. */
export const ADDRESS_MAX = 500
export const registerForm = z.object({
  companyName: text(),
  contactName: text(),
  email: email.pipe(z.string().max(100)),
  country: z.string().min(1),
  registrationNo: text(),
  address: text(ADDRESS_MAX),
  referralCode: optionalText(),
  // A box the user ticks: it starts unticked, and must be ticked to apply.
  agree: z.boolean().refine((v) => v, { message: 'validation:agreementRequired' }),
})
