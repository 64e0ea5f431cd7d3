import { z } from '@hono/zod-openapi'
import { REVIEW_STATES } from '../../src/machines/review'

/** One step of a reviewed item's history (server/reviews/service.ts `ReviewStep`). */
export const ReviewStepSchema = z
  .object({
    event: z.enum(['SUBMIT', 'APPROVE', 'REJECT', 'WITHDRAW']),
    from: z.enum(REVIEW_STATES).nullable(),
    to: z.enum(REVIEW_STATES),
    actorName: z.string(),
    reasonCode: z.string().nullable(),
    note: z.string(),
    at: z.string(),
  })
  .openapi('ReviewStep')

/** The review of an item, the same for every maker–checker flow. */
export const ReviewViewSchema = z
  .object({
    state: z.enum(REVIEW_STATES),
    makerName: z.string(),
    /** The caller made the request: it may withdraw it (where the flow allows), never decide. */
    makerIsYou: z.boolean(),
    history: z.array(ReviewStepSchema),
  })
  .openapi('ReviewView')
