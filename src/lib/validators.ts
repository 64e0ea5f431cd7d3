import { z } from 'zod'

/**
 * Field rules shared by the console's forms and the server's request schemas. Messages are
 * `validation:<key>` references, resolved in the caller's language (src/lib/fieldErrors.ts).
 */
export const TEXT_MAX = 100
export const TEXTAREA_MAX = 500

/** A required single-line text: trimmed, not empty, at most `max` (default 100) characters. */
export const text = (max = TEXT_MAX) => z.string().trim().min(1).max(max)
export const optionalText = (max = TEXT_MAX) => z.string().trim().max(max).default('')
export const textarea = (max = TEXTAREA_MAX) => z.string().trim().max(max).default('')

export const PASSWORD_SPECIAL = /[^A-Za-z0-9]/

/** Spec §5: 8 to 16 characters with upper case, lower case and a special character. */
export const password = z
  .string()
  .refine(
    (v) =>
      v.length >= 8 &&
      v.length <= 16 &&
      /[A-Z]/.test(v) &&
      /[a-z]/.test(v) &&
      PASSWORD_SPECIAL.test(v),
    { message: 'validation:passwordRule' },
  )

export const email = z
  .string()
  .trim()
  .min(1, { message: 'validation:emailRequired' })
  .pipe(z.email())
