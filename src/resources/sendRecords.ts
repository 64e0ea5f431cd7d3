import { z } from 'zod'
import { defineResource, field, filter } from './kit'

export const SEND_STATUSES = ['queued', 'sending', 'sent', 'failed', 'expired'] as const

/** Send records (send-record): every mail the product sends, with its attempts. Read-only. */
export const sendRecords = defineResource({
  name: 'SendRecord',
  api: '/send-record',
  screen: 'send-record',
  form: 'send-record-view',
  buttons: ['resend'],
  row: z.object({
    id: z.number().int(),
    to: z.string(),
    /** The event (`auth.password_reset`), or the template that made it. */
    template: z.string(),
    /** The event as words in the caller's language (what the export writes). */
    templateLabel: z.string(),
    templateId: z.number().int().nullable(),
    templateVersion: z.number().int().nullable(),
    language: z.string(),
    subject: z.string(),
    /** The plain text, secrets redacted. */
    body: z.string(),
    status: z.enum(SEND_STATUSES),
    attempts: z.number().int(),
    error: z.string().nullable(),
    accountId: z.number().int().nullable(),
    /** The sender account's address; null: the platform's SMTP_URL settings. */
    account: z.string().nullable(),
    companyId: z.number().int().nullable(),
    resendOf: z.number().int().nullable(),
    messageId: z.string().nullable(),
    createdAt: z.string(),
    sentAt: z.string().nullable(),
    /** While queued after a failed attempt: when it is tried again. */
    nextAttemptAt: z.string().nullable(),
    /** When the code or link it carries expires (unsent by then, it is never sent). */
    expiresAt: z.string().nullable(),
  }),
  // Nothing is saved through the kit: records are written by the outbox.
  save: z.object({ id: z.number().int().positive().optional() }),
  sortable: ['createdAt', 'to'],
  defaultSort: { field: 'createdAt', order: 'desc' },
  filters: {
    to: filter.text(),
    template: filter.exact(),
    status: filter.exact(),
    language: filter.exact(),
    createdAt: filter.dateRange(),
  },
  scope: 'platform',
  messages: 'outbox:sendRecord',
  fields: {
    createdAt: field.datetime('view', 'export'),
    to: field.text('view', 'export'),
    templateLabel: field.text('view', 'export'),
    templateVersion: field.number('view'),
    language: field.code('mailTemplate:languages', 'view', 'export'),
    subject: field.text('view', 'export'),
    status: field.code('outbox:sendRecord.statusValue', 'view', 'export'),
    attempts: field.number('export'),
    account: field.text('view', 'export'),
    error: field.text('view', 'export'),
    resendOf: field.number('view', 'export'),
    sentAt: field.datetime('view', 'export'),
    nextAttemptAt: field.datetime('view'),
    expiresAt: field.datetime('view'),
    messageId: field.text('view'),
  },
})

/** One attempt of a send record, as the record's view shows it. */
export const sendAttemptRow = z.object({
  number: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  stage: z.string(),
  outcome: z.enum(['sent', 'failed', 'unknown']).nullable(),
  answer: z.string().nullable(),
  account: z.string().nullable(),
})
