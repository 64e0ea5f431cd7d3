import { z } from 'zod'
import { defineResource, field, filter } from './kit'

/** Whether an entry is an action done or an attempt refused (docs/audit.md, "Refusals"). */
export const AUDIT_OUTCOMES = ['done', 'refused'] as const

/**
 * The audit log (audit-log): every write, sign-in, reveal and decision within the caller's
 * reach (docs/audit.md). Read-only: rows are written by `audit()` (server/audit.ts).
 */
export const auditEntries = defineResource({
  name: 'AuditEntry',
  api: '/audit',
  screen: 'audit-log',
  form: 'audit-log-view',
  buttons: ['view'],
  row: z.object({
    id: z.number().int(),
    at: z.string(),
    userId: z.number().int().nullable(),
    /** Who: the login name at the time (a failed sign-in's typed name). */
    loginName: z.string(),
    ip: z.string(),
    /** A code of the catalogue (src/lib/auditActions.ts), shown by its label. */
    action: z.string(),
    /** `<type>:<id>` or empty (src/lib/auditTargets.ts). */
    target: z.string(),
    objectType: z.string(),
    objectId: z.string(),
    /** The object's name when the entry was written; empty for none (and older rows). */
    targetName: z.string(),
    /** `done`, or `refused`: an attempt refused for want of a right or reach. */
    outcome: z.enum(AUDIT_OUTCOMES),
    /** The changes (or the refusal) in words, in the caller's language (src/lib/auditChanges.ts). */
    changes: z.string(),
    /** What the writer kept: for a change `{ before, after }`; a reveal's `reason`. */
    detail: z.record(z.string(), z.unknown()),
    requestId: z.string(),
  }),
  // Nothing is saved through the kit: rows are written by audit().
  save: z.object({ id: z.number().int().positive().optional() }),
  sortable: ['at'],
  defaultSort: { field: 'at', order: 'desc' },
  filters: {
    loginName: filter.text(),
    action: filter.exact(),
    objectType: filter.exact(),
    target: filter.exact(),
    outcome: filter.exact(),
    at: filter.dateRange(),
  },
  // Rows carry the tenancy of the actor and of the object; the server's store scopes by both.
  scope: 'platform',
  messages: 'audit:entry',
  fields: {
    at: field.datetime('list', 'view', 'export'),
    loginName: field.text('list', 'view', 'export'),
    ip: field.text('list', 'view', 'export'),
    action: field.code('dashboard:activity', 'list', 'view', 'export'),
    objectType: field.code('audit:objects', 'list', 'view', 'export'), // the view: type and id
    objectId: field.text('list', 'export'),
    targetName: field.text('export'),
    outcome: field.code('audit:outcomes', 'list', 'view', 'export'),
    changes: field.text('export'),
    requestId: field.text('view'),
  },
})
