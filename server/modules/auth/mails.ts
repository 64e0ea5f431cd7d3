import type { Config } from '../../config'
import type { Mailer } from '../../mail/mailer'
import type { ServiceContext } from '../../resources/context'
import type { UserRow } from '../../auth/sessions'

/**
 * The two e-mails of sign-in, queued in the caller's language (the request that asked for
 * them) and delivered by the mail job; the send record keeps each one, secrets redacted.
 */
function greeting(user: UserRow): string {
  return user.nickName || user.loginName
}

export function sendSigninCode(
  ctx: Pick<ServiceContext, 'lang'>,
  mailer: Mailer,
  user: UserRow & { email: string },
  code: string,
  minutes: number,
): Promise<number> {
  return mailer.send({
    to: user.email,
    event: 'auth.signin_code',
    language: ctx.lang ?? 'en-US',
    variables: { name: greeting(user), code, minutes },
    secrets: [code],
    companyId: user.companyId,
  })
}

export function sendResetLink(
  ctx: Pick<ServiceContext, 'lang'>,
  mailer: Mailer,
  user: UserRow & { email: string },
  link: string,
  minutes: number,
): Promise<number> {
  return mailer.send({
    to: user.email,
    event: 'auth.password_reset',
    language: ctx.lang ?? 'en-US',
    variables: { name: greeting(user), loginName: user.loginName, link, minutes },
    // The whole link, and its token on its own in case a template ever shows it bare.
    secrets: [link, new URL(link).searchParams.get('token') ?? ''],
    companyId: user.companyId,
  })
}

/** Where the console answers: PUBLIC_URL (defaulting to this process's own address, never a request's Host). */
export function resetLink(config: Config, token: string): string {
  const { PUBLIC_URL, BASE_PATH } = config
  return `${PUBLIC_URL}${BASE_PATH}resetPassword?token=${encodeURIComponent(token)}`
}
