import { z } from 'zod'
import { currencyCode } from './currency'

/** The longest range the dashboard charts: a year of days. */
export const DASHBOARD_MAX_DAYS = 366

const day = z.iso.date()

/**
 * `POST /dashboard/summary`: the figures of `index` for the caller's reach. `currency` is what
 * the balance estimate is converted to; `from`–`to` (whole UTC days, both included) bound card
 * issuance and spend.
 */
export const dashboardRequest = z
  .strictObject({
    currency: currencyCode(),
    from: day,
    to: day,
    /** Recent activities include signing in and out (left out by default). */
    includeSignIns: z.boolean().optional(),
  })
  .refine((r) => r.from <= r.to, { message: 'validation:rangeOrder', path: ['to'] })
  .refine((r) => (Date.parse(r.to) - Date.parse(r.from)) / 86_400_000 < DASHBOARD_MAX_DAYS, {
    message: 'validation:rangeTooLong',
    path: ['to'],
  })
export type DashboardRequest = z.infer<typeof dashboardRequest>

const balanceLine = z.object({
  currency: z.string(),
  /** Available balance in this currency's minor units. */
  available: z.number().int(),
  /** Units of the target per unit of this currency; `1/x` when the table holds the inverse. */
  rate: z.string().nullable(),
  /** In the target's minor units; null when no rate converts it. */
  converted: z.number().int().nullable(),
})

export const dashboardSummary = z.object({
  /** Null when the user may not open accounts-balance. */
  balance: z
    .object({
      currency: z.string(),
      total: z.number().int(),
      /** When the newest rate used was saved; null if no conversion was needed. */
      rateDate: z.string().nullable(),
      lines: z.array(balanceLine),
    })
    .nullable(),
  /** Null when the user may not open cards-balance. */
  cards: z
    .object({
      total: z.number().int(),
      days: z.array(z.object({ day: z.string(), created: z.number().int() })),
      byStatus: z.array(z.object({ status: z.string(), count: z.number().int() })),
    })
    .nullable(),
  /** Cleared purchases per day and card currency; null without cards-transactions. */
  spend: z
    .object({
      days: z.array(
        z.object({
          day: z.string(),
          currency: z.string(),
          amount: z.number().int(),
          count: z.number().int(),
        }),
      ),
    })
    .nullable(),
  /** Shared card groups below their warning threshold; null without cards-share-group. */
  groups: z
    .array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        merchantName: z.string(),
        currency: z.string(),
        available: z.number().int(),
        threshold: z.number().int(),
      }),
    )
    .nullable(),
  activities: z.array(
    z.object({
      id: z.number().int(),
      at: z.string(),
      loginName: z.string(),
      action: z.string(),
      target: z.string(),
    }),
  ),
})
export type DashboardSummary = z.infer<typeof dashboardSummary>
