import { z } from '@hono/zod-openapi'
import { id, textarea } from '../../../src/lib/validators'

export const REASON_CODES = ['verified', 'not_received', 'mismatch', 'duplicate', 'other'] as const

export const ReviewRequest = z
  .object({
    requestId: id(),
    decision: z.enum(['approve', 'reject']),
    reasonCode: z.enum(REASON_CODES),
    note: textarea(),
  })
  .openapi('AccountReviewRequest')

export const RequestIdBody = z.object({ requestId: id() }).openapi('AccountRequestId')

export const HistoryEvent = z
  .object({
    action: z.string(),
    actorName: z.string(),
    reasonCode: z.string().nullable(),
    note: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi('AccountRequestEvent')

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
    /** Each step: submitted, approved / rejected / cancelled. */
    history: z.array(HistoryEvent),
    /** The audit log's rows about this request (who did what, when, from which request). */
    audit: z.array(z.object({ action: z.string(), loginName: z.string(), at: z.string() })),
    /** Whether the caller may review it (has the button, did not submit it, still pending). */
    canReview: z.boolean(),
    canCancel: z.boolean(),
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
