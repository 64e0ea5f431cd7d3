import { z } from '@hono/zod-openapi'
import { email, TEXT_MAX, text } from '../../../src/lib/validators'
import {
  confirmationMatches,
  differsFromOld,
  newPasswordFields,
  resetPasswordFields,
  updatePasswordFields,
  verifyCodeFields,
} from '../../../src/resources/account'

/**
 * Request and answer shapes of the sign-in calls. Cross-field rules are refinements with a
 * `validation:<key>` message and a path, so they come back as field errors like any other.
 */

/** A password as typed at sign-in: never trimmed, and not held to today's rule (old ones may not). */
const typedPassword = z.string().min(1).max(TEXT_MAX)

export const LoginBody = z
  .object({ loginName: text(), password: typedPassword })
  .openapi('LoginBody')

// The password and code requests are src/resources/account.ts's, named here for the contract.
export const VerifyCodeBody = z.object(verifyCodeFields).openapi('VerifyCodeBody')

/** Either the e-mail address (the forgot-password screen) or the login name. */
export const ResetSendBody = z
  .object({ email: email.optional(), loginName: text().optional() })
  .refine((v) => v.email !== undefined || v.loginName !== undefined, {
    message: 'validation:emailRequired',
    path: ['email'],
  })
  .openapi('ResetSendBody')

export const ResetBody = z
  .object(resetPasswordFields)
  .refine(...confirmationMatches)
  .openapi('ResetPasswordBody')

export const UpdatePasswordBody = z
  .object(updatePasswordFields)
  .refine(...differsFromOld)
  .refine(...confirmationMatches)
  .openapi('UpdatePasswordBody')

export const ForcedChangeBody = z
  .object(newPasswordFields)
  .refine(...confirmationMatches)
  .openapi('ForcedPasswordChangeBody')

export const STAGES = ['full', 'verify_code', 'change_password'] as const
export const USER_LANGUAGES = ['en_US', 'zh_CN'] as const

export const LoginData = z
  .object({
    token: z.string(),
    stage: z.enum(STAGES),
    idleSeconds: z.number().int(),
    warningSeconds: z.number().int(),
    expiresAt: z.string().openapi({ format: 'date-time' }),
    user: z.object({
      userName: z.string(),
      nickName: z.string(),
      avatar: z.string(),
      language: z.enum(USER_LANGUAGES),
      timezone: z.string(),
      landingPage: z.string(),
    }),
  })
  .openapi('LoginData')

export const SessionTimeData = z
  .object({
    expiresAt: z.string().openapi({ format: 'date-time' }),
    idleSeconds: z.number().int(),
  })
  .openapi('SessionTime')
