import { z } from '@hono/zod-openapi'
import { ACCOUNT_REVIEW_REASONS } from '../../../src/resources/reviewReasons'
import { id, optionalText, textarea } from '../../../src/lib/validators'
import { ReviewViewSchema } from '../../reviews/schemas'
import { Currency, MinorAmount } from '../ledger/schemas'
import { PROOF_TYPES } from './proof'


const Proof = z
  .object({
    name: z.string().trim().min(1).max(200),
    contentType: z.enum(PROOF_TYPES as [string, ...string[]]),
    data: z.base64().max(1_000_000),
  })
  .openapi('AccountProofUpload')

/** A merchant declares a deposit (wired to the platform) or requests a withdrawal. */
export const DeclareRequest = z
  .object({
    /** Platform and company users choose the merchant; absent, a merchant user's own is used. */
    merchantId: id().optional(),
    kind: z.enum(['deposit', 'withdrawal']),
    currency: Currency,
    amount: MinorAmount,
    /** Deposits: the wire's reference. */
    reference: optionalText(),
    /** Withdrawals: the merchant's bank account the money goes to. */
    beneficiary: optionalText(200),
    remark: textarea(),
    proof: Proof.optional(),
  })
  .refine((r) => r.kind !== 'deposit' || r.reference.length > 0, {
    message: 'validation:required',
    path: ['reference'],
  })
  .refine((r) => r.kind !== 'withdrawal' || r.beneficiary.length > 0, {
    message: 'validation:required',
    path: ['beneficiary'],
  })
  .openapi('AccountDeclareRequest')

/** An administrator's manual adjustment (it is reviewed like the rest). */
export const AdjustRequest = z
  .object({
    merchantId: id(),
    currency: Currency,
    sign: z.enum(['+', '-']),
    amount: MinorAmount,
    reason: textarea().pipe(z.string().min(1)),
  })
  .openapi('AccountAdjustRequest')

export const ReviewRequest = z
  .object({
    requestId: id(),
    decision: z.enum(['approve', 'reject']),
    reasonCode: z
      .enum(ACCOUNT_REVIEW_REASONS)
      .optional()
      .openapi({ description: 'Required to reject' }),
    note: textarea(),
  })
  .openapi('AccountReviewRequest')

export const RequestIdBody = z.object({ requestId: id() }).openapi('AccountRequestId')

export const AccountRequest = z
  .object({
    id: z.number().int(),
    kind: z.string(),
    merchantId: z.number().int(),
    merchantName: z.string(),
    currency: z.string(),
    amount: z.number().int(),
    reference: z.string(),
    beneficiary: z.string(),
    remark: z.string(),
    status: z.string(),
    createdBy: z.number().int(),
    createdByName: z.string(),
    createdAt: z.string(),
    reasonCode: z.string().nullable(),
    reviewNote: z.string().nullable(),
    proof: z.object({ name: z.string(), contentType: z.string(), size: z.number() }).nullable(),
    /** Its review: state, maker and each step (the same for every reviewed item). */
    review: ReviewViewSchema,
    /** The audit log's rows about this request (who did what, when, from which request). */
    audit: z.array(z.object({ action: z.string(), loginName: z.string(), at: z.string() })),
    /** The caller's buttons: review it, withdraw its own (the review machine says when). */
    buttons: z.object({ decide: z.boolean(), withdraw: z.boolean() }),
  })
  .openapi('AccountRequest')

export const CurrencyTotal = z
  .object({
    currency: z.string(),
    merchants: z.number().int(),
    posted: z.number().int(),
    pending: z.number().int(),
    available: z.number().int(),
  })
  .openapi('AccountCurrencyTotal')
