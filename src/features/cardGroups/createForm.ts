import { z } from 'zod'
import { text } from '../../lib/validators'
import { checkAmount, readAmount } from '../../resources/money'

/**
 * create-share-card-group's fields as typed: the deposit is read in the chosen currency with the
 * one money input's rules and messages (src/resources/money.ts): more than 0, at most the
 * currency's decimals, at most the maximum. Nothing is said of it until a currency is chosen.
 */
export const groupCreateForm = z
  .object({
    merchantId: z.string().min(1).transform(Number),
    ruleId: z.string().min(1).transform(Number),
    name: text(),
    currency: z.string().min(1),
    deposit: z.string(),
  })
  .superRefine((v, ctx) => checkAmount(ctx, v.deposit, v.currency, 'deposit'))
  .transform((v) => {
    const read = readAmount(v.deposit, v.currency)
    // The rule above refused every deposit that does not read.
    return { ...v, deposit: 'minor' in read ? read.minor : 0 }
  })
