import type { Config } from '../../config'
import type { Mailer } from '../../mail/mailer'
import type { ServiceContext } from '../../resources/context'
import type { UserRow } from '../../auth/sessions'

/**
 * The two e-mails of sign-in, written in the caller's language (the request that asked for
 * them). The mailer also keeps each one in the send records.
 */
function greeting(user: UserRow): string {
  return user.nickName || user.loginName
}

export function sendSigninCode(
  ctx: Pick<ServiceContext, 't'>,
  mailer: Mailer,
  user: UserRow & { email: string },
  code: string,
  minutes: number,
): Promise<boolean> {
  const t = ctx.t
  return mailer.send({
    to: user.email,
    subject: t('refusals:auth.mail.codeSubject'),
    text: t('refusals:auth.mail.codeText', { name: greeting(user), code, minutes }),
    template: 'auth.signin_code',
    secrets: [code],
  })
}

export function sendResetLink(
  ctx: Pick<ServiceContext, 't'>,
  mailer: Mailer,
  user: UserRow & { email: string },
  link: string,
  minutes: number,
): Promise<boolean> {
  const t = ctx.t
  return mailer.send({
    to: user.email,
    subject: t('refusals:auth.mail.resetSubject'),
    text: t('refusals:auth.mail.resetText', {
      name: greeting(user),
      loginName: user.loginName,
      link,
      minutes,
    }),
    template: 'auth.password_reset',
    // The whole link, and its token on its own in case a template ever shows it bare.
    secrets: [link, new URL(link).searchParams.get('token') ?? ''],
  })
}

/** Where the console answers: PUBLIC_URL (defaulting to this process's own address, never a request's Host). */
export function resetLink(config: Config, token: string): string {
  const { PUBLIC_URL, BASE_PATH } = config
  return `${PUBLIC_URL}${BASE_PATH}resetPassword?token=${encodeURIComponent(token)}`
}
