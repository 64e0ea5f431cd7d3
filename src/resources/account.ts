import { z } from 'zod'
import { password, text, TEXT_MAX } from '../lib/validators'

/**
 * The signed-in user's own requests — profile, password, the sign-in code — declared once.
 * Isomorphic: the console's forms check them, the server builds its named request schemas from
 * the same fields and rules (server/modules/profile/schemas.ts, server/modules/auth/schemas.ts).
 * Fields are shapes (plain objects) so the server can rebuild each object with its own `z`, the
 * one that names schemas in the contract.
 */

/** The wire form of the product's languages (spec §9: session language default en_US). */
export const WIRE_LANGUAGES = ['en_US', 'zh_CN'] as const

/**
 * IANA zones the runtime knows, plus 'UTC' (which Intl lists only as an alias). The browser
 * and the server ask the same question, so whatever the console offers, the server accepts.
 */
let zones: Set<string> | undefined
export const isTimezone = (v: string) =>
  (zones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])).has(v)

export const profileUpdateFields = {
  nickName: text(),
  language: z.enum(WIRE_LANGUAGES),
  timezone: z
    .string()
    .trim()
    .min(1)
    .refine(isTimezone, { message: 'validation:timezone' })
    .meta({ example: 'Asia/Singapore' }),
}

export const profileLanguageFields = { language: z.enum(WIRE_LANGUAGES) }

/** The six-digit code e-mailed at sign-in. */
export const verifyCodeFields = {
  code: z
    .string()
    .trim()
    .min(1, { abort: true })
    .regex(/^\d{6}$/),
}

/** A password as typed at sign-in: never trimmed, and not held to today's rule (old ones may not). */
const typedPassword = () => z.string().min(1).max(TEXT_MAX)

/** A new password typed twice (spec §5: the rule, and the confirmation must match). */
export const newPasswordFields = { newPassword: password, confirmPassword: z.string().min(1) }

/** The reset link's token with the new password. */
export const resetPasswordFields = {
  token: z.string().trim().min(1).max(200),
  ...newPasswordFields,
}

/** A change from settings: the old password as typed, and the new one twice. */
export const updatePasswordFields = { oldPassword: typedPassword(), ...newPasswordFields }

type Rule<T> = [check: (v: T) => boolean, issue: { message: string; path: string[] }]

/** The confirmation matches the new password. */
export const confirmationMatches: Rule<{ newPassword: string; confirmPassword: string }> = [
  (v) => v.newPassword === v.confirmPassword,
  { message: 'validation:passwordMismatch', path: ['confirmPassword'] },
]

/** The new password differs from the old (spec §5). */
export const differsFromOld: Rule<{ newPassword: string; oldPassword: string }> = [
  (v) => v.newPassword !== v.oldPassword,
  { message: 'validation:passwordSameAsOld', path: ['newPassword'] },
]

/** The console's forms (the server names its own copies of these objects in the contract). */
export const profileForm = z.object(profileUpdateFields)
export const newPasswordForm = z.object(newPasswordFields).refine(...confirmationMatches)
export const passwordForm = z
  .object(updatePasswordFields)
  .refine(...differsFromOld)
  .refine(...confirmationMatches)
export const verifyCodeForm = z.object(verifyCodeFields)
