import { z } from '@hono/zod-openapi'
import { asc, eq, getTableColumns } from 'drizzle-orm'
import { sentTemplateLabel } from '../../../src/lib/mailEvents'
import {
  SEND_STATUSES,
  sendAttemptRow,
  sendRecords as definition,
} from '../../../src/resources/sendRecords'
import { button, menu } from '../../auth/permissions'
import { emailAccounts, sendAttempts, sendRecords } from '../../db/schema'
import { action } from '../../http/action'
import type { AdminApp } from '../../http/context'
import { IdRequest, iso } from '../../http/wire'
import { ok } from '../../http/respond'
import { serviceContext } from '../../resources/context'
import { registerResource } from '../../resources/routes'
import { resendRecord } from './service'
import { SendRecordRules } from './rules'

/** A stored status as the row declares it (the outbox writes no other). */
function sendStatus(status: string): (typeof SEND_STATUSES)[number] {
  const known = SEND_STATUSES.find((s) => s === status)
  if (!known) throw new Error(`send record status ${status} is not one of the outbox's`)
  return known
}

/**
 * Send records (send-record, send-record-view): every mail the product sends, read-only on
 * the resource kit (list, detail, export), with each record's attempts and a resend.
 */
export function registerSendRecords(app: AdminApp) {
  const service = registerResource(
    app,
    definition,
    {
      table: sendRecords,
      id: sendRecords.id,
      fields: { ...getTableColumns(sendRecords), account: emailAccounts.address },
      join: (q) => q.leftJoin(emailAccounts, eq(emailAccounts.id, sendRecords.accountId)),
      columns: {
        createdAt: sendRecords.createdAt,
        to: sendRecords.to,
        template: sendRecords.template,
        status: sendRecords.status,
        language: sendRecords.language,
      },
      toRow: (r, ctx) => ({
        id: r.id,
        to: r.to,
        template: r.template,
        templateLabel: sentTemplateLabel(ctx.t, r.template),
        templateId: r.templateId,
        templateVersion: r.templateVersion,
        language: r.language,
        subject: r.subject,
        body: r.body,
        status: sendStatus(r.status),
        attempts: r.attempts,
        error: r.error,
        accountId: r.accountId,
        account: r.account,
        companyId: r.companyId,
        resendOf: r.resendOf,
        messageId: r.messageId,
        createdAt: iso(r.createdAt),
        sentAt: r.sentAt ? iso(r.sentAt) : null,
        // Only a queued record waits for a next try.
        nextAttemptAt: r.status === 'queued' && r.nextAttemptAt ? iso(r.nextAttemptAt) : null,
        expiresAt: r.expiresAt ? iso(r.expiresAt) : null,
      }),
      scope: 'platform-only',
      // Never written through the kit (no save or delete is registered).
      audit: 'email-account',
      rules: { notFound: SendRecordRules.notFound },
    },
    ['list', 'detail', 'export'],
  )

  app.openapi(
    action({
      path: '/send-record/attempts',
      tag: 'send-record',
      summary: "A send record's attempts, oldest first: time, outcome and the SMTP server's answer",
      permission: menu('send-record'),
      body: IdRequest,
      data: z.array(sendAttemptRow.openapi('SendAttempt')),
      rules: [SendRecordRules.notFound],
    }),
    async (c) => {
      const { id } = c.req.valid('json')
      // 404 for a record that does not exist, as the detail answers.
      await service.detail(serviceContext(c), id)
      const rows = await c.var.deps.db
        .select({ a: sendAttempts, account: emailAccounts.address })
        .from(sendAttempts)
        .leftJoin(emailAccounts, eq(emailAccounts.id, sendAttempts.accountId))
        .where(eq(sendAttempts.recordId, id))
        .orderBy(asc(sendAttempts.number))
      return ok(
        c,
        rows.map(({ a, account }) => ({
          number: a.number,
          startedAt: iso(a.startedAt),
          finishedAt: a.finishedAt ? iso(a.finishedAt) : null,
          stage: a.stage,
          outcome: a.outcome as 'sent' | 'failed' | 'unknown' | null,
          answer: a.answer,
          account,
        })),
      )
    },
  )

  app.openapi(
    action({
      path: '/send-record/resend',
      tag: 'send-record',
      summary:
        'Sends a sent or failed mail again as a new send record linked to the first (resendOf)',
      permission: button('send-record:resend'),
      body: IdRequest,
      data: z.object({ id: z.number().int() }),
      rules: [SendRecordRules.notFound, SendRecordRules.notFinished, SendRecordRules.secretGone],
    }),
    async (c) => ok(c, await resendRecord(c, c.req.valid('json').id)),
  )
}
