import MailComposer from 'nodemailer/lib/mail-composer'
import SMTPConnection from 'nodemailer/lib/smtp-connection'

/** How a sender account reaches its SMTP server. */
export type SmtpSecurity = 'tls' | 'starttls' | 'none'

export interface SmtpSettings {
  host: string
  port: number
  /** tls: TLS from the first byte; starttls: STARTTLS required; none: plain. */
  security: SmtpSecurity
  user?: string
  password?: string
  /** The From header: `Name <address>`. */
  from: string
}

export interface OutgoingMessage {
  to: string
  subject: string
  text: string
  html: string
  /** Stable per send record, so a receiver can tell a copy from a new mail. */
  messageId: string
}

/** Why an SMTP step failed; `responseCode` when the server answered (it refused). */
export class SmtpError extends Error {
  constructor(
    message: string,
    readonly responseCode?: number,
  ) {
    super(message)
  }
}

/** An SMTP answer takes at most this long; an attempt's lease is well above the sum. */
const TIMEOUT_MS = 15_000

/** SMTP_URL (smtp:// or smtps://, `?ignoreTLS=true` for plain) as settings. */
export function settingsFromUrl(url: string, from: string): SmtpSettings {
  const u = new URL(url)
  const tls = u.protocol === 'smtps:'
  return {
    host: u.hostname,
    port: Number(u.port) || (tls ? 465 : 587),
    security: tls ? 'tls' : u.searchParams.get('ignoreTLS') === 'true' ? 'none' : 'starttls',
    user: decodeURIComponent(u.username) || undefined,
    password: decodeURIComponent(u.password) || undefined,
    from,
  }
}

function call<T>(fn: (done: (err?: Error | null, value?: T) => void) => void): Promise<T> {
  return new Promise((resolve, reject) =>
    fn((err, value) =>
      err
        ? reject(new SmtpError(err.message, (err as { responseCode?: number }).responseCode))
        : resolve(value as T),
    ),
  )
}

/**
 * Hands one message to an SMTP server in two steps, so the outbox can write down the moment
 * between them: `open` connects and signs in (nothing is delivered yet: a failure or a crash
 * here is safe to try again); `handOver` sends the envelope and the message (from here on the
 * server may have it, whatever happens to this process).
 */
export async function openSmtp(settings: SmtpSettings) {
  const connection = new SMTPConnection({
    host: settings.host,
    port: settings.port,
    secure: settings.security === 'tls',
    requireTLS: settings.security === 'starttls',
    ignoreTLS: settings.security === 'none',
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  })
  // The connection's own failures (refused, reset, timed out, closed) come as events, not
  // through the step's callback: each step races them.
  const broken = new Promise<never>((_, reject) => {
    connection.on('error', (err: Error & { responseCode?: number }) =>
      reject(new SmtpError(err.message, err.responseCode)),
    )
    connection.on('end', () => reject(new SmtpError('the SMTP server closed the connection')))
  })
  broken.catch(() => {})
  const step = <T>(fn: (done: (err?: Error | null, value?: T) => void) => void) =>
    Promise.race([call<T>(fn), broken])
  try {
    await step<void>((done) => connection.connect(() => done()))
    if (settings.user) {
      await step<unknown>((done) =>
        connection.login({ user: settings.user!, pass: settings.password ?? '' }, done),
      )
    }
  } catch (err) {
    connection.close()
    throw err
  }
  return {
    async handOver(message: OutgoingMessage): Promise<string> {
      try {
        const raw = await call<Buffer>((done) =>
          new MailComposer({
            from: settings.from,
            to: message.to,
            subject: message.subject,
            text: message.text,
            html: message.html,
            messageId: message.messageId,
          })
            .compile()
            .build(done),
        )
        const info = await step<SMTPConnection.SentMessageInfo>((done) =>
          connection.send(
            { from: addressOf(settings.from), to: [message.to] },
            raw,
            done as (err: Error | null, info: SMTPConnection.SentMessageInfo) => void,
          ),
        )
        return info.response ?? '250 accepted'
      } finally {
        connection.quit()
      }
    },
    close: () => connection.close(),
  }
}

/** The bare address of a From header (`Name <a@b>` → `a@b`). */
export function addressOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim()
}
