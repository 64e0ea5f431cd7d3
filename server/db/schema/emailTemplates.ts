import { sql } from 'drizzle-orm'
import { integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core'
import { users } from './access'

/**
 * E-mail templates (issue 19): one per event and language, in LiquidJS. `version` is the
 * latest saved version; every save writes a row of `email_template_versions` too, so a send
 * record can name exactly the text it was made from.
 */
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: serial('id').primaryKey(),
    /** A key of MAIL_EVENT_SPECS (src/lib/mailEvents.ts). */
    event: text('event').notNull(),
    /** 'en-US' or 'zh-CN'. */
    language: text('language').notNull(),
    name: text('name').notNull(),
    /** The subject, a one-line Liquid template (not HTML-escaped). */
    title: text('title').notNull(),
    /** The HTML body, a Liquid template (output escaped). */
    content: text('content').notNull(),
    version: integer('version').notNull().default(1),
    updatedBy: integer('updated_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [unique('email_templates_event_language_unique').on(t.event, t.language)],
)

/** Every saved text of a template, never changed: version n of template t. */
export const emailTemplateVersions = pgTable(
  'email_template_versions',
  {
    id: serial('id').primaryKey(),
    templateId: integer('template_id')
      .notNull()
      .references(() => emailTemplates.id),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** Null for the seeded first version. */
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [unique('email_template_versions_template_version_unique').on(t.templateId, t.version)],
)
