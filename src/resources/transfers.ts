import { z } from 'zod'
import { isCurrency } from '../lib/money'
import { TEXT_MAX } from '../lib/validators'
import { defineAction } from './action'
import { minorAmount } from './money'

/** A ledger account's id (a merchant balance). */
const accountId = () => z.number().int().positive().max(Number.MAX_SAFE_INTEGER)

/** What a transfer answers: the entry with both balances after (channel transfers too). */
export const transferEntry = z.object({
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

/**
 * A transfer between two merchant balances in the caller's reach (docs/accounts.md): same
 * currency at once, across currencies with a quote from /accounts/fx/quote.
 */
export const transfer = defineAction({
  name: 'Transfer',
  path: '/accounts/transfer',
  screen: 'accounts-transfer',
  button: 'transfer',
  summary:
    'Move an amount (minor units) between two balances in the caller’s reach, once per ' +
    'requestId: same currency directly, across currencies with a quoteId from ' +
    '/accounts/fx/quote; answers the entry with both balances after',
  input: {
    fromAccountId: accountId(),
    toAccountId: accountId(),
    amount: minorAmount(),
    currency: z.string().length(3).refine(isCurrency).meta({ description: 'ISO 4217, upper case' }),
    remark: z.string().trim().max(TEXT_MAX).optional(),
    /** Needed across currencies: amount and currency are then the quote's source side. */
    quoteId: z
      .string()
      .uuid()
      .optional()
      .meta({ description: 'From /accounts/fx/quote: required across currencies, used once' }),
  },
  result: transferEntry,
  moneyMoves: true,
  audit: 'ledger.transfer',
  changes: ['merchantBalances', 'audit'],
})
