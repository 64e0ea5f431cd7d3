import { z } from '@hono/zod-openapi'

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

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number().int() })
}
