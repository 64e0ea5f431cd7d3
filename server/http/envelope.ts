import { z } from '@hono/zod-openapi'
import { int } from '../../src/lib/validators'

/** Every answer is `{code, msg, data}`; code 0 is success (DESIGN §4). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.number().int().openapi({ example: 0 }),
    msg: z.string(),
    data,
  })
}

export const FieldErrorSchema = z
  .object({
    field: z.string().openapi({ example: 'email' }),
    message: z.string().openapi({ example: 'Must be email' }),
  })
  .openapi('FieldError')

export const ErrorEnvelope = z
  .object({
    code: z.number().int(),
    msg: z.string(),
    data: z.object({ fieldErrors: z.array(FieldErrorSchema).optional() }).nullable(),
  })
  .openapi('ErrorEnvelope')

/** Page sizes the product offers (spec §9). */
export const PAGE_SIZES = [10, 20, 30, 50, 100, 200] as const

export const PageRequest = z.object({
  // Bounded so that the row offset ((pageNum - 1) × pageSize) stays a safe integer.
  pageNum: int(1, 1_000_000).default(1),
  pageSize: z
    .union(PAGE_SIZES.map((n) => z.literal(n)) as unknown as [z.ZodLiteral<10>, z.ZodLiteral<20>])
    .default(10),
})

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number().int() })
}
