import { z } from '@hono/zod-openapi'
import { MinorAmount } from '../ledger/schemas'

const AccountId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)

export const QuoteRequest = z
  .object({ fromAccountId: AccountId, toAccountId: AccountId, amount: MinorAmount })
  .openapi('FxQuoteRequest')

export const QuoteAnswer = z
  .object({
    quoteId: z.string(),
    rate: z.string().openapi({ description: 'Units of toCurrency per unit of fromCurrency' }),
    spreadBps: z.number().int(),
    fromAmount: z.number().int(),
    fromCurrency: z.string(),
    toAmount: z.number().int().openapi({ description: 'What the destination receives' }),
    toCurrency: z.string(),
    expiresAt: z.string(),
  })
  .openapi('FxQuote')

export const TransferBalance = z
  .object({
    accountId: z.number().int(),
    merchantId: z.number().int(),
    merchantName: z.string(),
    currency: z.string(),
    balance: z.number().int(),
    available: z.number().int(),
  })
  .openapi('TransferBalance')
