import type { Context } from 'hono'
import type { AppEnv } from '../../http/context'
import type { UserRow } from '../../auth/sessions'

/**
 * The two e-mails of sign-in, in the caller's language (the request that asked for them).
 * Each is a send record in the outbox (server/mail): queued here, delivered by a job, so the
 * answer is true once it is queued.
 */
function greeting(user: UserRow): string {
  return user.nickName || user.loginName
}

const queued = (id: Promise<number>) => id.then(() => true)

export function sendSigninCode(
  c: Context<AppEnv>,
  user: UserRow & { email: string },
  code: string,
  minutes: number,
): Promise<boolean> {
  return queued(
    c.var.deps.mailer.send({
      to: user.email,
      event: 'auth.signin_code',
      language: c.var.lang,
      variables: { name: greeting(user), code, minutes },
      secrets: [code],
      companyId: user.companyId,
    }),
  )
}

export function sendResetLink(
  c: Context<AppEnv>,
  user: UserRow & { email: string },
  link: string,
  minutes: number,
): Promise<boolean> {
  return queued(
    c.var.deps.mailer.send({
      to: user.email,
      event: 'auth.password_reset',
      language: c.var.lang,
      variables: { name: greeting(user), loginName: user.loginName, link, minutes },
      // The whole link, and its token on its own in case a template ever shows it bare.
      secrets: [link, new URL(link).searchParams.get('token') ?? ''],
      companyId: user.companyId,
    }),
  )
}

/** Where the console answers: PUBLIC_URL (defaulting to this process's own address, never a request's Host). */
export function resetLink(c: Context<AppEnv>, token: string): string {
  const { PUBLIC_URL, BASE_PATH } = c.var.deps.config
  return `${PUBLIC_URL}${BASE_PATH}resetPassword?token=${encodeURIComponent(token)}`
}
