import { z } from 'zod'
import type { KeyOf } from '../i18n/keys'
import { isSafeText, TEXT_MAX, TEXTAREA_MAX } from './textRules'

/**
 * Field rules shared by the console's forms and the server's request schemas. Messages are
 * `validation:<key>` references, resolved in the caller's language (src/lib/fieldErrors.ts).
 */
// Plain rules without zod, for the screens that must not load it (the sign-in page).
export { isSafeText, TEXT_MAX, TEXTAREA_MAX } from './textRules'

/** A required trimmed text of a fixed shape; `message` says what the shape is. */
export const matching = (pattern: RegExp, message: `validation:${KeyOf<'validation'>}`) =>
  z.string().trim().min(1).regex(pattern, { message })

/** Any string input: refuses NUL and unpaired surrogates with the `unsafeText` field message. */
export const safeString = () => z.string().refine(isSafeText, { message: 'validation:unsafeText' })

/** A required single-line text: trimmed, not empty, at most `max` (default 100) characters. */
export const text = (max = TEXT_MAX) => safeString().trim().min(1).max(max)
export const optionalText = (max = TEXT_MAX) => safeString().trim().max(max).default('')
export const textarea = (max = TEXTAREA_MAX) => safeString().trim().max(max).default('')

/** PostgreSQL `integer` bounds: a larger number in a request reached the database as a 500. */
export const INT_MIN = -2_147_483_648
export const INT_MAX = 2_147_483_647

/** A whole number that fits an `integer` column (narrower bounds optional). */
export const int = (min = INT_MIN, max = INT_MAX) =>
  z.number().int().min(Math.max(min, INT_MIN)).max(Math.min(max, INT_MAX))

/** A row id: 1 to 2147483647. */
export const id = () => int(1)

/** A special character: neither a letter, a digit nor white space (a space is not special). */
export const PASSWORD_SPECIAL = /[^A-Za-z0-9\s]/

/**
 * Spec §5's password rules, in the order a failure is reported: the message names the first
 * rule the password breaks (issue 26), not the whole rule set.
 */
const PASSWORD_RULES = [
  { key: 'passwordLength', holds: (v: string) => v.length >= 8 && v.length <= 16 },
  { key: 'passwordUpper', holds: (v: string) => /[A-Z]/.test(v) },
  { key: 'passwordLower', holds: (v: string) => /[a-z]/.test(v) },
  { key: 'passwordSpecial', holds: (v: string) => PASSWORD_SPECIAL.test(v) },
] as const

/** Spec §5: 8 to 16 characters with upper case, lower case and a special character. */
export const password = z
  .string()
  // Empty reads "Cannot be empty" like every other field; the rule comes once something is typed.
  .min(1, { abort: true })
  .superRefine((v, ctx) => {
    const broken = PASSWORD_RULES.find((rule) => !rule.holds(v))
    if (broken) {
      // Named by `params.key` (src/lib/fieldErrors.ts), which carries the length too.
      ctx.addIssue({ code: 'custom', params: { key: broken.key, length: v.length } })
    }
  })

export const email = z
  .string()
  .trim()
  .min(1, { message: 'validation:emailRequired' })
  .pipe(z.email())
