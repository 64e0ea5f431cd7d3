import { plainTextOf } from '../../server/testing/smtp'

/**
 * Reading the e-mails the e2e server's SMTP received (raw RFC 822: a multipart message with a
 * plain-text and an HTML part, each usually quoted-printable): the text, and the link or code a
 * flow needs from it.
 */

/** The plain-text part, decoded (the same reading as the API tests'). */
export const mailText = plainTextOf

export function mailSubject(raw: string): string {
  return /^Subject:\s*(.*)$/im.exec(raw)?.[1]?.trim() ?? ''
}

/** The first link in the message whose path contains `path` (e.g. 'resetPassword'). */
export function linkIn(raw: string, path: string): string {
  const link = mailText(raw)
    .match(/https?:\/\/\S+/g)
    ?.find((l) => l.includes(path))
  if (!link) throw new Error(`no ${path} link in: ${mailText(raw)}`)
  return link
}

/** The six-digit code of a sign-in code message. */
export function codeIn(raw: string): string {
  const code = /\b(\d{6})\b/.exec(mailText(raw))?.[1]
  if (!code) throw new Error(`no code in: ${mailText(raw)}`)
  return code
}
