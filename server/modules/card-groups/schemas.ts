import { z } from '@hono/zod-openapi'

/** The answers of the card group calls that are not the resource's row. */

export const GroupCard = z
  .object({
    cardId: z.number().int(),
    maskedNumber: z.string(),
    alias: z.string(),
    status: z.string(),
    cardLimit: z.number().int(),
    used: z.number().int(),
    remaining: z.number().int(),
  })
  .openapi('CardGroupCard')

export const GroupOptions = z
  .object({
    rules: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        level: z.enum(['platform', 'merchant']),
        floatingRatio: z.number(),
        warningThreshold: z.number(),
        maxCards: z.number().int(),
      }),
    ),
    balances: z.array(z.object({ currency: z.string(), available: z.number().int() })),
  })
  .openapi('CardGroupOptions')

export const CardOptions = z
  .object({
    bins: z.array(z.object({ id: z.number().int(), bin: z.string(), scheme: z.string() })),
    cardholders: z.array(
      z.object({ id: z.number().int(), name: z.string(), isDefault: z.boolean() }),
    ),
    movable: z.array(
      z.object({ id: z.number().int(), maskedNumber: z.string(), alias: z.string() }),
    ),
    minValidityDays: z.number().int(),
  })
  .openapi('CardGroupCardOptions')
