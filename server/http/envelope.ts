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

/**
 * Which refusal a 403 is (src/lib/refusal.ts): the screen or button the caller's role does not
 * grant, the platform administrator's own calls, or a refused country. The console's refusal
 * page names it; a client may ignore it.
 */
export const RefusalSchema = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('menu'),
      menu: z.string().openapi({ description: 'The screen not granted (route name)' }),
    }),
    z.object({
      kind: z.literal('button'),
      button: z.string().openapi({ description: 'The button not granted (`<screen>:<action>`)' }),
    }),
    z.object({ kind: z.literal('platformAdmin') }),
    z.object({ kind: z.literal('country') }),
  ])
  .openapi('Refusal', { example: { kind: 'menu', menu: 'cards-transactions' } })

export const ErrorEnvelope = z
  .object({
    code: z.number().int(),
    msg: z.string(),
    data: z
      .object({
        fieldErrors: z.array(FieldErrorSchema).optional(),
        /** Only on a 403 (codes 403 and 1403): which refusal it is. */
        refusal: RefusalSchema.optional(),
      })
      .nullable(),
  })
  .openapi('ErrorEnvelope')

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number().int() })
}
