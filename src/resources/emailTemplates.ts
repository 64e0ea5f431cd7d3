import { z } from 'zod'
import { MAIL_EVENTS, MAIL_LANGUAGES, TEMPLATE_MAX_BYTES } from '../lib/mailEvents'
import { id, safeString, text } from '../lib/validators'
import { defineResource, field, filter } from './kit'

/** The longest subject line a template may have. */
export const TEMPLATE_TITLE_MAX = 200

/**
 * E-mail templates (email-template): one per event and language, LiquidJS with the event's
 * declared variables (src/lib/mailEvents.ts). A save is a new version; none is ever deleted,
 * so every event keeps its en-US and zh-CN template.
 */
export const emailTemplates = defineResource({
  name: 'EmailTemplate',
  api: '/email-template',
  screen: 'email-template',
  form: 'email-template-save',
  buttons: ['add', 'edit'],
  row: z.object({
    id: z.number().int(),
    event: z.enum(MAIL_EVENTS),
    language: z.enum(MAIL_LANGUAGES),
    name: z.string(),
    title: z.string(),
    content: z.string(),
    /** The latest saved version; a render names it. */
    version: z.number().int(),
    /** Who saved the latest version (login name); empty for the seeded one. */
    updatedBy: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  save: z.object({
    id: id().optional(),
    event: z.enum(MAIL_EVENTS),
    language: z.enum(MAIL_LANGUAGES),
    name: text(),
    title: text(TEMPLATE_TITLE_MAX),
    // Characters here; the 100 KB rule counts UTF-8 bytes on the server (a field error).
    content: safeString().min(1).max(TEMPLATE_MAX_BYTES),
  }),
  sortable: ['event', 'name', 'updatedAt'],
  defaultSort: { field: 'event', order: 'asc' },
  filters: { event: filter.text(), language: filter.exact(), name: filter.text() },
  scope: 'platform',
  messages: 'mailTemplate:template',
  fields: {
    event: field.text('view', 'export'),
    language: field.text('view', 'export'),
    name: field.text('view', 'export'),
    title: field.text('view', 'export'),
    version: field.number('view', 'export'),
    updatedBy: field.text('view', 'export'),
    updatedAt: field.datetime('view', 'export'),
    content: field.text('view'),
  },
})
