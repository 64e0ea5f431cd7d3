import nodemailer from 'nodemailer'
import type { Db } from '../db/client'
import { sendRecords } from '../db/schema'

export interface OutgoingMail {
  to: string
  subject: string
  text: string
  /** Which template made it, for the send records. */
  template: string
  /**
   * Live secrets in the text (a reset link, a sign-in code). They go to the recipient only:
   * the send record keeps the text with each one replaced by REDACTED (issue 7, item 8).
   */
  secrets?: string[]
}

export const REDACTED = '[redacted]'

/** The text with every occurrence of each secret replaced, longest first. */
export function redact(text: string, secrets: string[] = []): string {
  return [...secrets]
    .filter(Boolean)
    .sort((a, b) => b.length - a.length)
    .reduce((out, secret) => out.split(secret).join(REDACTED), text)
}

export interface Mailer {
  /** Sends and records the message; resolves to whether it was delivered to the SMTP server. */
  send(mail: OutgoingMail): Promise<boolean>
}

/**
 * Nodemailer to SMTP_URL. Without SMTP_URL nothing leaves the machine: the message is still
 * written to the send records (status 'not_sent'), so the operator can see what would go out.
 */
export function createMailer(opts: { db: Db; smtpUrl?: string; from: string }): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null
  return {
    async send(mail) {
      let status = 'not_sent'
      let error: string | null = null
      if (transport) {
        try {
          await transport.sendMail({
            from: opts.from,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
          })
          status = 'sent'
        } catch (e) {
          status = 'failed'
          error = e instanceof Error ? e.message : String(e)
        }
      }
      await opts.db.insert(sendRecords).values({
        to: mail.to,
        subject: mail.subject,
        body: redact(mail.text, mail.secrets),
        template: mail.template,
        status,
        error,
      })
      return status === 'sent'
    },
  }
}
