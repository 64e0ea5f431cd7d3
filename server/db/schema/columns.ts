import { sql } from 'drizzle-orm'
import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './access'

/** One column of a user's list setup, in the order the user chose. */
export interface StoredColumn {
  id: string
  visible: boolean
  /** Pixels; absent: the screen's default width. */
  width?: number
}

/**
 * The spec's column configuration: per user and list screen, which columns show, in which
 * order and how wide. No row: the screen's defaults.
 */
export const userColumnSetups = pgTable(
  'user_column_setups',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The list screen's route name (src/lib/screens.ts). */
    screen: text('screen').notNull(),
    columns: jsonb('columns').$type<StoredColumn[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.screen] })],
)
