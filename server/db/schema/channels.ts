import { sql } from 'drizzle-orm'
import { integer, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core'
import { channels } from './org'

/**
 * Every event a channel delivered to the webhook and the answer it got. The event id is unique
 * per channel: a resent event finds its row and gets the same answer without acting again. The
 * payload itself is not kept (a card's creation carries its number).
 */
export const channelEvents = pgTable(
  'channel_events',
  {
    id: serial('id').primaryKey(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    answer: jsonb('answer').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [unique('channel_events_channel_event').on(t.channelId, t.eventId)],
)
