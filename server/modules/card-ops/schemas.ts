import { z } from '@hono/zod-openapi'
import { ReviewViewSchema } from '../../reviews/schemas'
import { id, text, textarea } from '../../../src/lib/validators'

const ReasonCode = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .openapi({ description: 'A value of the card_block_reason dictionary' })

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

export const RevealRequest = z.object({ id: id(), reason: text(200) }).openapi('CardRevealRequest')

export const RevealAnswer = z
  .object({
    id: z.number().int(),
    number: z.string(),
    securityCode: z.string(),
    expiry: z.string(),
  })
  .openapi('CardReveal')
