/**
 * Reading the e-mails the e2e server's SMTP received (raw RFC 822, usually quoted-printable):
 * the body as text, and the link or code a flow needs from it.
 */
function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3)
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16))
      i += 2
    } else {
      bytes.push(...Buffer.from(joined[i], 'utf8'))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

/** The body of a single-part message, decoded. */
export function mailText(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/)
  const headers = raw.slice(0, split)
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '')
  if (/Content-Transfer-Encoding:\s*quoted-printable/i.test(headers)) {
    return decodeQuotedPrintable(body)
  }
  if (/Content-Transfer-Encoding:\s*base64/i.test(headers)) {
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  }
  return body
}

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
