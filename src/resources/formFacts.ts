import { z } from 'zod'
import type { FieldSpecs } from './fields'
import { fieldsIn } from './fields'

/**
 * What a form derives from the save schema instead of restating it (DESIGN §5 "Fields once"):
 * whether a field is required, its `maxLength`, its default. Isomorphic: zod only.
 */
export interface FieldFacts {
  required: boolean
  maxLength?: number
  /** The schema's default (`textarea()` → '', `z.boolean().default(true)` → true). */
  default?: unknown
  /** The value is a number (an id, a count): the form holds its text. */
  numeric: boolean
  /** An e-mail address (the input's type). */
  email: boolean
}

type Wrapper = {
  def: { type: string; innerType?: z.ZodType; in?: z.ZodType; out?: z.ZodType }
}

export function factsOf(schema: z.ZodType): FieldFacts {
  let s = schema as z.ZodType & Wrapper
  let optional = false
  let fallback: unknown
  let email = false
  // Unwrap defaults, optionals and pipes down to the value's own type.
  for (;;) {
    const d = s.def
    if (d.type === 'default') {
      fallback = s.parse(undefined)
      optional = true
      s = d.innerType as typeof s
    } else if (d.type === 'optional') {
      optional = true
      s = d.innerType as typeof s
    } else if (d.type === 'nullable') {
      // Null is "none" (a platform rule's merchant): the value itself is still what it wraps.
      s = d.innerType as typeof s
    } else if (d.type === 'pipe') {
      email ||= d.out instanceof z.ZodEmail
      s = d.in as typeof s
    } else break
  }
  const string = s instanceof z.ZodString ? s : undefined
  const number = s instanceof z.ZodNumber ? s : undefined
  // A whole number from 0 up, typed as text: at most as many digits as its maximum has.
  const digits =
    number?.isInt && (number.minValue ?? -1) >= 0 && Number.isFinite(number.maxValue)
      ? String(number.maxValue).length
      : undefined
  return {
    required:
      !optional && (!string || (string.minLength ?? 0) > 0 || !string.safeParse('').success),
    maxLength: string?.maxLength ?? digits,
    default: fallback,
    numeric: s instanceof z.ZodNumber,
    email: email || s instanceof z.ZodEmail,
  }
}

/**
 * The form's schema: the save schema of the form fields; a number (a picker of ids, a count)
 * holds text. An empty one is refused when required, else it is not given: the schema's
 * default applies (a platform rule's merchant: null).
 */
export function formSchemaOf(save: z.ZodObject, fields: FieldSpecs) {
  const shape: Record<string, z.ZodType> = {}
  for (const name of fieldsIn(fields, 'form')) {
    const s = save.shape[name] as z.ZodType | undefined
    if (!s) throw new Error(`form field ${name} is not in the save schema`)
    const facts = factsOf(s)
    const text = facts.required ? z.string().min(1) : z.string()
    shape[name] = facts.numeric
      ? text
          .transform((v) => (v === '' ? undefined : Number(v)))
          .pipe(s as z.ZodType<unknown, number | undefined>)
      : s
  }
  return z.object(shape)
}

/** The form's starting values: the record's, or the schema's defaults ('' / false without). */
export function initialOf(
  save: z.ZodObject,
  fields: FieldSpecs,
  record?: Record<string, unknown>,
): Record<string, unknown> {
  return Object.fromEntries(
    fieldsIn(fields, 'form').map((name) => {
      const facts = factsOf(save.shape[name] as z.ZodType)
      const value = record?.[name]
      if (facts.numeric) {
        // No number (none yet, or null: "none") is an empty text.
        const number = value ?? facts.default
        return [name, number === undefined || number === null ? '' : String(number)]
      }
      const empty = fields[name].widget === 'flag' ? false : ''
      return [name, value ?? facts.default ?? empty]
    }),
  )
}
