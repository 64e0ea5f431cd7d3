import { z } from '@hono/zod-openapi'

/** The answers of the card calls that are not the resource's row. */

const LimitLine = z
  .object({
    limit: z.number().int().nullable(),
    used: z.number().int().nullable(),
    remaining: z.number().int().nullable(),
  })
  .openapi('CardLimitLine')
export const CardLimitStatus = z
  .object({
    perTransaction: LimitLine,
    daily: LimitLine,
    monthly: LimitLine,
    lifetime: LimitLine,
    /** The moment the day and month are those of (UTC). */
    at: z.string(),
  })
  .openapi('CardLimitStatus')

export const CreateOptions = z
  .object({
    bins: z.array(
      z.object({
        id: z.number().int(),
        bin: z.string(),
        scheme: z.string(),
        currency: z.string(),
        cardMode: z.string(),
      }),
    ),
    cardholders: z.array(
      z.object({ id: z.number().int(), name: z.string(), isDefault: z.boolean() }),
    ),
    balances: z.array(z.object({ currency: z.string(), available: z.number().int() })),
    minValidityDays: z.number().int(),
    minTopUp: z.number().int(),
  })
  .openapi('CardCreateOptions')

export const StatusChange = z
  .object({
    id: z.number().int(),
    fromStatus: z.string().nullable(),
    toStatus: z.string(),
    event: z.string(),
    reasonCode: z.string(),
    note: z.string(),
    actorUserId: z.number().int().nullable(),
    actorName: z.string().nullable(),
    createdAt: z.string(),
    /**
     * On an approved cancellation (event APPROVE_CANCEL): what went back to the merchant's
     * balance, from the ledger entry (minor units; 0 when the card was empty). Else null.
     */
    returned: z.object({ amount: z.number().int(), currency: z.string() }).nullable(),
  })
  .openapi('CardStatusChange')
