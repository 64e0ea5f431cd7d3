import { z } from 'zod'
import { checkAmount } from '../resources/money'
import { parseMoney } from './money'
import { textarea } from './validators'

/**
 * The fields of a transfer form: two accounts chosen by id (as text), an amount typed in the
 * source's currency and a remark. `currencyOf` says which currency an account id is in, so the
 * amount is read with the money input's rules and messages (src/resources/money.ts).
 */
export function transferFormSchema(currencyOf: (id: string) => string | undefined) {
  return z
    .object({
      from: z.string().min(1),
      to: z.string().min(1),
      amount: z.string().trim().min(1),
      remark: textarea(100),
    })
    .refine((v) => !v.from || v.from !== v.to, { message: 'validation:notSame', path: ['to'] })
    .superRefine((v, ctx) => checkAmount(ctx, v.amount, currencyOf(v.from), 'amount'))
}

export const minorOf = (amount: string, currency: string) => parseMoney(amount, currency) ?? 0
