import { z } from '@hono/zod-openapi'
import { ReviewViewSchema } from '../../reviews/schemas'
import { id, text, textarea } from '../../../src/lib/validators'
import { MinorAmount, RequestId } from '../ledger/schemas'

const ReasonCode = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .openapi({ description: 'A value of the card_block_reason dictionary' })

export const MoneyRequest = z
  .object({ id: id(), amount: MinorAmount, requestId: RequestId })
  .openapi('CardMoneyRequest')

export const MoneyAnswer = z
  .object({
    cardId: z.number().int(),
    amount: z.number().int(),
    currency: z.string(),
    entryId: z.number().int(),
    cardAvailable: z.number().int().openapi({ description: 'The card’s available balance after' }),
  })
  .openapi('CardMoneyAnswer')

const Limit = MinorAmount.nullable().openapi({ description: 'Minor units; null = no limit' })

export const LimitsRequest = z
  .object({ id: id(), perTransaction: Limit, daily: Limit, monthly: Limit, lifetime: Limit })
  .openapi('CardLimitsRequest')

export const LimitsAnswer = LimitsRequest.openapi('CardLimits')

export const ReasonRequest = z
  .object({ id: id(), reasonCode: ReasonCode, note: textarea() })
  .openapi('CardReasonRequest')

export const StatusAnswer = z
  .object({ id: z.number().int(), status: z.string() })
  .openapi('CardStatusAnswer')

export const ReviewRequest = z
  .object({
    id: id(),
    decision: z.enum(['approve', 'reject']),
    reasonCode: ReasonCode.optional().openapi({ description: 'Required to reject' }),
    note: textarea(),
  })
  .openapi('CardRequestReview')

export const ReviewAnswer = z
  .object({
    id: z.number().int(),
    status: z.enum(['approved', 'rejected']),
    cardStatus: z.string(),
    entryId: z.number().int().nullable(),
  })
  .openapi('CardRequestReviewAnswer')

export const RequestIdBody = z.object({ id: id() }).openapi('CardRequestId')

/** A card request's review: the same review block as every reviewed item's. */
export const RequestReviewAnswer = z
  .object({
    review: ReviewViewSchema,
    buttons: z.object({ decide: z.boolean(), withdraw: z.boolean() }),
  })
  .openapi('CardRequestReviewView')

export const BalanceUpdateRequest = z
  .object({ cardId: id(), sign: z.enum(['+', '-']), amount: MinorAmount, note: text(500) })
  .openapi('CardBalanceUpdateRequest')

export const RequestAnswer = z
  .object({ id: z.number().int(), status: z.string() })
  .openapi('CardRequestAnswer')

export const RevealRequest = z.object({ id: id(), reason: text(200) }).openapi('CardRevealRequest')

export const RevealAnswer = z
  .object({
    id: z.number().int(),
    number: z.string(),
    securityCode: z.string(),
    expiry: z.string(),
  })
  .openapi('CardReveal')
