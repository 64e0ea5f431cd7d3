import { z } from '@hono/zod-openapi'
import { isCurrency } from '../../../src/lib/money'
import { TEXT_MAX } from '../../../src/lib/validators'
import { MAX_AMOUNT } from '../../ledger/postings'

const AccountId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)

export const RequestId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9._:-]+$/)
  .openapi({ description: 'Client idempotency key: a retry returns the first result' })

export const Currency = z
  .string()
  .length(3)
  .refine(isCurrency)
  .openapi({ description: 'ISO 4217 code, upper case', example: 'USD' })

/** Minor units of the currency (cents for USD, dong for VND), at most the ledger's MAX_AMOUNT. */
export const MinorAmount = z
  .number()
  .int()
  .positive()
  .max(MAX_AMOUNT)
  .openapi({ description: 'Integer amount in the currency’s minor units (at most 10^15)' })

export const TransferRequest = z
  .object({
    fromAccountId: AccountId,
    toAccountId: AccountId,
    amount: MinorAmount,
    currency: Currency,
    requestId: RequestId,
    remark: z.string().trim().max(TEXT_MAX).optional(),
    /** Needed across currencies: amount and currency are then the quote's source side. */
    quoteId: z
      .string()
      .uuid()
      .optional()
      .openapi({ description: 'From /accounts/fx/quote: required across currencies, used once' }),
  })
  .openapi('LedgerTransferRequest')

export const TransferEntry = z
  .object({
    entryId: z.number().int(),
    requestId: z.string(),
    fromAccountId: z.number().int(),
    toAccountId: z.number().int(),
    amount: z.number().int(),
    currency: z.string(),
    remark: z.string().nullable(),
    fromBalanceAfter: z.number().int(),
    toBalanceAfter: z.number().int(),
    createdAt: z.string(),
    /** A cross-currency transfer: its quote's rate and what the destination received. */
    fx: z
      .object({
        quoteId: z.string(),
        rate: z.string(),
        spreadBps: z.number().int(),
        toAmount: z.number().int(),
        toCurrency: z.string(),
      })
      .nullable(),
  })
  .openapi('LedgerTransferEntry')

export const VerifyReport = z
  .object({
    ok: z.boolean(),
    accounts: z.number().int(),
    entries: z.number().int(),
    postings: z.number().int(),
    currencies: z.array(
      z.object({ currency: z.string(), accounts: z.number().int(), balanceSum: z.number().int() }),
    ),
    mismatches: z.array(
      z.object({
        kind: z.enum(['account', 'entry', 'currency', 'posting']),
        id: z.number().int().nullable(),
        currency: z.string(),
        field: z.string(),
        expected: z.number().int(),
        actual: z.number().int(),
      }),
    ),
  })
  .openapi('LedgerVerifyReport')
