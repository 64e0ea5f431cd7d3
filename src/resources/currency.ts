import { z } from 'zod'
import { isCurrency } from '../lib/money'

/** An ISO 4217 code in upper case, as the ledger keeps it ("Format is incorrect" otherwise). */
export const currencyCode = () =>
  z
    .string()
    .trim()
    .toUpperCase()
    .min(1)
    .max(3, { message: 'validation:format' })
    .refine((v) => v.length === 3 && isCurrency(v), { message: 'validation:format' })
