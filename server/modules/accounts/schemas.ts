import { z } from '@hono/zod-openapi'
import { ACCOUNT_REVIEW_REASONS } from '../../../src/resources/reviewReasons'
import { id, textarea } from '../../../src/lib/validators'
import { ReviewViewSchema } from '../../reviews/schemas'

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
