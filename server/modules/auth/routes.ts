import { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { PUBLIC, SESSION, SIGNIN } from '../../auth/permissions'
import { extendSession } from '../../auth/sessions'
import { action } from '../../http/action'
import { bearer } from '../../http/authorize'
import type { AdminApp, AppEnv } from '../../http/context'
import { CommonRules } from '../../http/errors'
import { ok } from '../../http/respond'
import { serviceContext } from '../../resources/context'
import { forcedChange, requestReset, resetPassword, updatePassword } from './passwordService'
import { AuthRules as R } from './rules'
import {
  ForcedChangeBody,
  LoginBody,
  LoginData,
  ResetBody,
  ResetSendBody,
  SessionTimeData,
  UpdatePasswordBody,
  VerifyCodeBody,
} from './schemas'
import { logout, resendCode, signIn, verifyCode, type SignedIn } from './service'

const tag = 'auth'
const nothing = z.null()

/** The caller `authorize` proved live, with the raw token it sent. */
function signedIn(c: Context<AppEnv>): SignedIn {
  return {
    session: c.var.session,
    user: c.var.user,
    token: bearer(c.req.header('Authorization')) ?? '',
  }
}

const LOGIN_RULES = [
  R.badCredentials,
  R.accountLocked,
  R.loginFailed,
  R.addressNotAllowed,
  R.emailNotConfigured,
  R.sendMailFailed,
  CommonRules.tooManyRequests,
]

/** Sign-in, the session's idle clock, and the password calls of spec §7. */
export function registerAuth(app: AdminApp) {
  app.openapi(
    action({
      path: '/login',
      tag,
      summary: 'Sign in; the answer names the next step (full, verify_code, change_password)',
      permission: PUBLIC,
      body: LoginBody,
      data: LoginData,
      rules: LOGIN_RULES,
    }),
    async (c) =>
      ok(
        c,
        await signIn(
          serviceContext(c),
          c.var.deps,
          c.req.valid('json'),
          c.req.header('User-Agent'),
        ),
      ),
  )

  app.openapi(
    action({
      path: '/logout',
      tag,
      summary: 'End this session',
      permission: SESSION,
      data: nothing,
    }),
    async (c) => {
      await logout(serviceContext(c), c.var.deps, signedIn(c))
      return ok(c, null)
    },
  )

  app.openapi(
    action({
      path: '/flushTokenTime',
      tag,
      summary: 'Start the idle clock again (the "stay signed in" answer to the time-out warning)',
      permission: SESSION,
      data: SessionTimeData,
    }),
    async (c) => {
      // Explicit, so it extends even when sent with the background header.
      const expiresAt = await extendSession(c.var.deps, c.var.session.id)
      return ok(c, {
        expiresAt: expiresAt.toISOString(),
        idleSeconds: c.var.deps.config.SESSION_IDLE_SECONDS,
      })
    },
  )

  app.openapi(
    action({
      path: '/login/verifyCode',
      tag,
      summary: 'Check the e-mailed sign-in code; the session becomes full',
      permission: SIGNIN,
      body: VerifyCodeBody,
      data: LoginData,
      rules: [R.codeIncorrect, R.codeExpired, R.codeAttemptsExceeded, R.wrongStep],
    }),
    async (c) =>
      ok(c, await verifyCode(serviceContext(c), c.var.deps, signedIn(c), c.req.valid('json').code)),
  )

  app.openapi(
    action({
      path: '/public/password/send/code',
      tag,
      summary: 'E-mail a new sign-in code (the previous one stops working)',
      permission: SIGNIN,
      data: nothing,
      rules: [
        R.codeResendTooSoon,
        R.emailNotConfigured,
        R.sendMailFailed,
        R.wrongStep,
        CommonRules.tooManyRequests,
      ],
    }),
    async (c) => {
      await resendCode(serviceContext(c), c.var.deps, signedIn(c))
      return ok(c, null)
    },
  )

  app.openapi(
    action({
      path: '/public/password/reset/send_email',
      tag,
      summary: 'E-mail a password reset link (same answer whether or not the e-mail is known)',
      permission: PUBLIC,
      body: ResetSendBody,
      data: nothing,
      rules: [R.emailNotConfigured, R.sendMailFailed, CommonRules.tooManyRequests],
    }),
    async (c) => {
      await requestReset(serviceContext(c), c.var.deps, c.req.valid('json'))
      return ok(c, null)
    },
  )

  app.openapi(
    action({
      path: '/public/password/reset',
      tag,
      summary: 'Set a new password from a reset link; ends every session of the user',
      permission: PUBLIC,
      body: ResetBody,
      data: nothing,
      rules: [R.resetLinkInvalid, R.resetLinkExpired, R.samePassword],
    }),
    async (c) => {
      await resetPassword(serviceContext(c), c.var.deps, c.req.valid('json'))
      return ok(c, null)
    },
  )

  app.openapi(
    action({
      path: '/public/password/update',
      tag,
      summary: "Change the signed-in user's password; their other sessions end",
      permission: SESSION,
      body: UpdatePasswordBody,
      data: nothing,
      rules: [R.oldPasswordIncorrect],
    }),
    async (c) => {
      await updatePassword(serviceContext(c), c.var.deps, signedIn(c), c.req.valid('json'))
      return ok(c, null)
    },
  )

  app.openapi(
    action({
      path: '/public/password/updatePermissions',
      tag,
      summary: 'The forced password change of first sign-in',
      permission: SIGNIN,
      body: ForcedChangeBody,
      data: LoginData,
      rules: [R.samePassword, R.wrongStep, R.emailNotConfigured, R.sendMailFailed],
    }),
    async (c) =>
      ok(c, await forcedChange(serviceContext(c), c.var.deps, signedIn(c), c.req.valid('json'))),
  )
}
