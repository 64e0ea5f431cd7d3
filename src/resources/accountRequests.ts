import { z } from 'zod'
import { isCurrency } from '../lib/money'
import { id, optionalText, textarea } from '../lib/validators'
import { defineAction } from './action'
import { minorAmount } from './money'

/**
 * The money requests of the accounts screens, submitted (docs/accounts.md): a merchant's
 * deposit or withdrawal and an administrator's adjustment. Each waits for another person's
 * review (server/modules/accounts: approve / reject are the review's, not actions here).
 */

/** The proof file types a deposit takes (the server checks each file's first bytes too). */
export const PROOF_CONTENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const

/** An ISO 4217 code, upper case. */
const currency = () => z.string().length(3).refine(isCurrency)

/** What a submit answers: the request and its status (the server's contract: its detail). */
const submitted = z.object({ id: z.number().int(), status: z.string() })

const REQUEST_CHANGES = ['accountRequests', 'merchantBalances'] as const

export const accountDeclare = defineAction({
  name: 'AccountDeclare',
  path: '/accounts/transactions/save',
  screen: 'accounts-transactions',
  button: 'add',
  summary:
    'A merchant declares a deposit (wire reference and proof file: PDF, PNG or JPEG, ' +
    'base64, at most 512 KiB) or requests a withdrawal (held at once); both wait for review',
  input: {
    /** Platform and company users choose the merchant; absent, a merchant user's own is used. */
    merchantId: id().optional(),
    kind: z.enum(['deposit', 'withdrawal']),
    currency: currency(),
    amount: minorAmount(),
    /** Deposits: the wire's reference. */
    reference: optionalText(),
    /** Withdrawals: the merchant's bank account the money goes to. */
    beneficiary: optionalText(200),
    remark: textarea(),
    proof: z
      .object({
        name: z.string().trim().min(1).max(200),
        contentType: z.enum(PROOF_CONTENT_TYPES),
        data: z.base64().max(1_000_000),
      })
      .optional(),
  },
  refine: (r) =>
    r.kind === 'deposit' && r.reference.length === 0
      ? { path: 'reference', message: 'validation:required' }
      : r.kind === 'withdrawal' && r.beneficiary.length === 0
        ? { path: 'beneficiary', message: 'validation:required' }
        : null,
  result: submitted,
  moneyMoves: false,
  audit: ['accounts.deposit.submit', 'accounts.withdrawal.submit'],
  changes: REQUEST_CHANGES,
})

export const accountAdjust = defineAction({
  name: 'AccountAdjust',
  path: '/accounts/transactions/updateBalance',
  screen: 'accounts-transactions',
  button: 'update-balance',
  summary:
    'An administrator’s manual adjustment (+ or −, held at once when −), reviewed like the rest',
  input: {
    merchantId: id(),
    currency: currency(),
    sign: z.enum(['+', '-']),
    amount: minorAmount(),
    reason: textarea().pipe(z.string().min(1)),
  },
  result: submitted,
  moneyMoves: false,
  audit: ['accounts.adjustment.submit'],
  changes: REQUEST_CHANGES,
})
