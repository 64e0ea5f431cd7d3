import type { Language } from '../../src/i18n/languages'
import type { Db } from '../db/client'
import { translator } from '../i18n'

/**
 * The events the product sends mail for, and the variables each one's text uses. The outbox
 * stores the event, the language and these variables on every send record; a renderer turns
 * them into the message. Keys are the send records' `template` column (kept from before the
 * outbox, so old records read the same).
 */
export const MAIL_EVENTS = {
  'auth.signin_code': ['name', 'code', 'minutes'],
  'auth.password_reset': ['name', 'loginName', 'link', 'minutes'],
  'merchant-registration-received': ['name', 'companyName', 'registrationId'],
  'card-group.warning': ['user', 'name', 'merchant', 'available', 'deposit', 'threshold'],
  'email-account.test': ['address', 'senderName'],
  'user.activation': ['name', 'loginName', 'link', 'minutes'],
} as const satisfies Record<string, readonly string[]>

export type MailEvent = keyof typeof MAIL_EVENTS
export type MailVariables = Record<string, string | number>

export interface RenderRequest {
  event: MailEvent
  language: Language
  variables: MailVariables
}

export interface RenderedMail {
  subject: string
  html: string
  text: string
  /** The template and version that made it, when a stored template did (for the send record). */
  templateId?: number
  templateVersion?: number
}

/**
 * Turns an event's variables into a message. `db` is the caller's handle: inside the caller's
 * transaction when the mail is enqueued in one (on PGlite any other handle would wait for that
 * transaction to end). The LiquidJS templates (server/mail/templates) implement this too.
 */
export interface MailRenderer {
  render(db: Db, request: RenderRequest): Promise<RenderedMail>
}

/** Which i18n keys hold each event's subject and text (the texts the product had in code). */
const CODE_TEXTS: Record<MailEvent, { subject: string; text: string }> = {
  'auth.signin_code': {
    subject: 'refusals:auth.mail.codeSubject',
    text: 'refusals:auth.mail.codeText',
  },
  'auth.password_reset': {
    subject: 'refusals:auth.mail.resetSubject',
    text: 'refusals:auth.mail.resetText',
  },
  'merchant-registration-received': {
    subject: 'refusals:registration.mail.subject',
    text: 'refusals:registration.mail.text',
  },
  'card-group.warning': {
    subject: 'refusals:cardGroup.mail.warningSubject',
    text: 'refusals:cardGroup.mail.warningText',
  },
  'email-account.test': {
    subject: 'refusals:emailAccount.mail.testSubject',
    text: 'refusals:emailAccount.mail.testText',
  },
  'user.activation': {
    subject: 'refusals:user.mail.activationSubject',
    text: 'refusals:user.mail.activationText',
  },
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

/** The HTML part of a plain text: escaped, paragraphs kept, links made clickable. */
export function htmlFromText(text: string): string {
  const paragraphs = text.split(/\n{2,}/).map((p) =>
    escapeHtml(p)
      .replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)
      .replace(/\n/g, '<br>'),
  )
  return paragraphs.map((p) => `<p>${p}</p>`).join('\n')
}

/** Today's texts, from the i18n resources in both languages (until templates replace them). */
export const codeRenderer: MailRenderer = {
  async render(_db, { event, language, variables }) {
    const keys = CODE_TEXTS[event]
    if (!keys) throw new Error(`no mail text for event ${event}`)
    const t = translator(language) as unknown as (key: string, vars: MailVariables) => string
    const text = t(keys.text, variables)
    return { subject: t(keys.subject, variables), text, html: htmlFromText(text) }
  },
}
