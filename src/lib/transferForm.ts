import { z } from 'zod'
import { parseMoney } from './money'
import { textarea } from './validators'

/**
 * The fields of a transfer form: two accounts chosen by id (as text), an amount typed in the
 * source's currency and a remark. `currencyOf` says which currency an account id is in, so the
 * amount is read exactly (no more decimals than the currency has) and must be above zero.
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
    .refine(
      (v) => {
        const currency = currencyOf(v.from)
        if (!currency) return true
        const minor = parseMoney(v.amount, currency)
        return minor !== null && minor > 0
      },
      { message: 'validation:number', path: ['amount'] },
    )
}

export const minorOf = (amount: string, currency: string) => parseMoney(amount, currency) ?? 0

/** A fresh idempotency key for one transfer attempt (kept for its retries). */
export const newRequestId = () => `console-${crypto.randomUUID()}`
