import type { Context } from 'hono'
import { eq } from 'drizzle-orm'
import { parseLanguage } from '../../../src/i18n/languages'
import { audit } from '../../audit'
import type { Db } from '../../db/client'
import { sendRecords } from '../../db/schema'
import type { AppEnv } from '../../http/context'
import { BizError } from '../../http/errors'
import { REDACTED } from '../../mail/outbox'
import type { MailEvent } from '../../mail/render'
import { SendRecordRules } from './rules'

/**
 * A resend is a new send record, linked to the first (`resendOf`), so each keeps its own
 * attempts. Its message: the sealed copy while the first still has it (a failed mail keeps
 * it); else, for a mail without secrets, the first's text rendered again from its variables.
 * A sent mail that carried a secret cannot be resent: the secret is no longer kept anywhere
 * (the user asks for a new code or link).
 */
export async function resendRecord(c: Context<AppEnv>, id: number): Promise<{ id: number }> {
  const deps = c.var.deps
  const newId = await deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db
    const [first] = await db.select().from(sendRecords).where(eq(sendRecords.id, id))
    if (!first) throw new BizError(SendRecordRules.notFound)
    if (first.status !== 'sent' && first.status !== 'failed') {
      throw new BizError(SendRecordRules.notFinished)
    }
    const carriedSecret = [first.subject, first.body, JSON.stringify(first.variables)].some((s) =>
      s.includes(REDACTED),
    )
    let recordId: number
    if (first.sealed) {
      // The same message again, still sealed; the shown copies are the first's.
      const sealed = first.sealed
      const [row] = await db
        .insert(sendRecords)
        .values({
          to: first.to,
          subject: first.subject,
          body: first.body,
          html: first.html,
          template: first.template,
          language: first.language,
          variables: first.variables,
          sealed,
          templateId: first.templateId,
          templateVersion: first.templateVersion,
          accountId: first.accountId,
          companyId: first.companyId,
          resendOf: first.id,
          requestedBy: c.var.actor.userId,
          status: 'queued',
          // The code or link inside is as old as the first's: it expires with it.
          expiresAt: first.expiresAt,
          createdAt: deps.clock.now(),
        })
        .returning({ id: sendRecords.id })
      recordId = row.id
    } else {
      if (carriedSecret) throw new BizError(SendRecordRules.secretGone)
      recordId = await deps.mailer.enqueue(db, {
        to: first.to,
        event: first.template as MailEvent,
        language: parseLanguage(first.language),
        variables: first.variables as Record<string, string | number>,
        companyId: first.companyId,
        accountId: first.accountId ?? undefined,
        requestedBy: c.var.actor.userId,
        resendOf: first.id,
      })
    }
    await audit(
      c,
      {
        action: 'send-record.resend',
        target: `send-record:${first.id}`,
        detail: { newId: recordId },
      },
      db,
    )
    return recordId
  })
  deps.mailer.deliverSoon([newId])
  return { id: newId }
}
