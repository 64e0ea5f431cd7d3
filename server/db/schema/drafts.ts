import { sql } from 'drizzle-orm'
import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './access'

/**
 * Half-filled wizards of signed-in users (src/machines/wizard.ts): one draft per user and wizard,
 * kept on the server so it survives a reload, another browser and signing out. Removed with the
 * user, and by the wizard once submitted or started over.
 */
export const wizardDrafts = pgTable(
  'wizard_drafts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The wizard definition's id, e.g. 'company.create'. */
    wizard: text('wizard').notNull(),
    data: jsonb('data').notNull(),
    /** The step the user was on (the review is the number of steps). */
    step: integer('step').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.wizard] })],
)
