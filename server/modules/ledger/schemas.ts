import { z } from '@hono/zod-openapi'
import { minorAmount } from '../../../src/resources/money'
import { transferEntry } from '../../../src/resources/transfers'

export const RequestId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9._:-]+$/)
  .openapi({ description: 'Client idempotency key: a retry returns the first result' })

/** Minor units, more than 0 and at most 10^15, with the messages every form shows. */
export const MinorAmount = minorAmount()

/** A transfer's entry with both balances after (the transfer action's and channel transfers'). */
export const TransferEntry = z.object(transferEntry.shape).openapi('LedgerTransferEntry')

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
