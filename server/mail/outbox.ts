import { and, eq } from 'drizzle-orm'
import type { Language } from '../../src/i18n/languages'
import { encryptField, type DataKey } from '../cards/cardData'
import type { Db } from '../db/client'
import { companyEmailAccounts, emailAccounts, sendRecords } from '../db/schema'
import type { MailEvent, MailRenderer, MailVariables, RenderedMail } from './render'

/** One mail to send: the event, its variables and who it is for. */
export interface MailRequest {
  to: string
  event: MailEvent
  language: Language
  variables: MailVariables
  /**
   * Live secrets among the variables (a reset link, a sign-in code). They reach the recipient
   * only: the send record keeps its text and variables with each one replaced by REDACTED
   * (DESIGN §11); the real message is kept encrypted until it is sent (docs/mail.md).
   */
  secrets?: string[]
  /** The company whose chosen sender account sends it (none: the platform default). */
  companyId?: number | null
  /** This sender account, whatever the default (a test mail). */
  accountId?: number
  /** The user who asked for it (a resend, a test mail). */
  requestedBy?: number | null
  /** The record this one resends. */
  resendOf?: number
  /**
   * When what the mail carries stops being valid; unsent by then, it is never sent. Left out:
   * `minutes` from now for the events that carry a code or a link (`expiryOf`).
   */
  expiresAt?: Date | null
}

/** The events whose code or link is valid for the mail's `minutes` from the moment it is made. */
const EXPIRING_EVENTS: ReadonlySet<MailEvent> = new Set<MailEvent>([
  'auth.signin_code',
  'auth.password_reset',
  'user.activation',
])

/**
 * When the mail's content expires: the one given, else `minutes` after `now` for a sign-in
 * code, a reset link or an activation link (the validity the mail itself states), else never.
 */
export function expiryOf(
  mail: Pick<MailRequest, 'event' | 'variables' | 'expiresAt'>,
  now: Date,
): Date | null {
  if (mail.expiresAt !== undefined) return mail.expiresAt
  if (!EXPIRING_EVENTS.has(mail.event)) return null
  const minutes = Number(mail.variables.minutes)
  return Number.isFinite(minutes) && minutes > 0 ? new Date(now.getTime() + minutes * 60_000) : null
}

export const REDACTED = '[redacted]'

/** The text with every occurrence of each secret replaced, longest first. */
export function redact(text: string, secrets: string[] = []): string {
  return [...secrets]
    .filter(Boolean)
    .sort((a, b) => b.length - a.length)
    .reduce((out, secret) => out.split(secret).join(REDACTED), text)
}

/** What `sealed` holds: the message exactly as it goes out, secrets included. */
export interface SealedMessage {
  subject: string
  text: string
  html: string
}

/**
 * The sender account for a mail: the one asked for, else the company's choice when active,
 * else the platform default account when there is an active one; null means the process's
 * SMTP_URL settings.
 */
export async function chooseAccount(
  db: Db,
  mail: Pick<MailRequest, 'accountId' | 'companyId'>,
): Promise<number | null> {
  if (mail.accountId) return mail.accountId
  if (mail.companyId) {
    const [chosen] = await db
      .select({ id: emailAccounts.id })
      .from(companyEmailAccounts)
      .innerJoin(emailAccounts, eq(emailAccounts.id, companyEmailAccounts.accountId))
      .where(
        and(eq(companyEmailAccounts.companyId, mail.companyId), eq(emailAccounts.status, 'active')),
      )
    if (chosen) return chosen.id
  }
  const [platform] = await db
    .select({ id: emailAccounts.id })
    .from(emailAccounts)
    .where(and(eq(emailAccounts.isDefault, true), eq(emailAccounts.status, 'active')))
  return platform?.id ?? null
}

/**
 * Whether a mail to this company (or the platform's own) has a way out: a sender account
 * `chooseAccount` would pick, or the process's SMTP_URL. Without one a mail would sit in the
 * outbox until it failed: a caller that promises a mail (a reset link, a sign-in code) asks
 * first and refuses instead (docs/auth.md, 1009).
 */
export async function hasTransport(
  db: Db,
  smtpUrl: string | undefined,
  mail: Pick<MailRequest, 'accountId' | 'companyId'>,
): Promise<boolean> {
  return !!smtpUrl || (await chooseAccount(db, mail)) !== null
}

/**
 * Writes the mail into the outbox through `db` — the caller's transaction when there is one,
 * so a rolled-back request leaves nothing to send. Rendered now (the secrets are at hand only
 * now); the delivery job sends the sealed copy. Returns the send record's id.
 */
export async function enqueueMail(
  db: Db,
  ctx: { renderer: MailRenderer; dataKey: DataKey; now: Date },
  mail: MailRequest,
  rendered?: RenderedMail,
): Promise<number> {
  const message =
    rendered ??
    (await ctx.renderer.render(db, {
      event: mail.event,
      language: mail.language,
      variables: mail.variables,
    }))
  const hide = (s: string) => redact(s, mail.secrets)
  const sealed: SealedMessage = { subject: message.subject, text: message.text, html: message.html }
  const [row] = await db
    .insert(sendRecords)
    .values({
      to: mail.to,
      subject: hide(message.subject),
      body: hide(message.text),
      html: hide(message.html),
      template: mail.event,
      language: mail.language,
      variables: Object.fromEntries(
        Object.entries(mail.variables).map(([k, v]) => [k, typeof v === 'string' ? hide(v) : v]),
      ),
      sealed: encryptField(ctx.dataKey, JSON.stringify(sealed)),
      templateId: message.templateId ?? null,
      templateVersion: message.templateVersion ?? null,
      accountId: await chooseAccount(db, mail),
      companyId: mail.companyId ?? null,
      requestedBy: mail.requestedBy ?? null,
      resendOf: mail.resendOf ?? null,
      status: 'queued',
      createdAt: ctx.now,
      expiresAt: expiryOf(mail, ctx.now),
    })
    .returning({ id: sendRecords.id })
  return row.id
}
