import { z } from 'zod'
import { optionalText, text, textarea } from '../../lib/validators'

/** The dictionary form: the server's DictSaveRequest rules, with the spec's messages. */
export const dictForm = z.object({
  code: text(),
  name: text(),
  type: optionalText(),
  remark: textarea(),
  active: z.boolean(),
  loading: z.boolean(),
})

export const NO_PARENT = 'none'

/** The dictionary value form; the sequence is typed as text and must be a whole number. */
export const dictValueForm = z.object({
  code: text(),
  name: text(),
  seq: z
    .string()
    .trim()
    .min(1, { abort: true })
    .regex(/^\d{1,6}$/, { message: 'validation:number' })
    .transform(Number),
  descriptor: optionalText(),
  /** A Select's value: NO_PARENT or another value's id. */
  parentId: z.string().transform((v) => (v === NO_PARENT ? null : Number(v))),
  otherText: optionalText(),
  active: z.boolean(),
  isDefault: z.boolean(),
})
