import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Attempt counters shared by every instance (issue 7): one row per limit and subject
 * (an address, an account, an e-mail address), counting hits in a fixed window.
 */
export const requestThrottles = pgTable('request_throttles', {
  /** `<limit name>:<subject>`, e.g. `signin.address:203.0.113.7`. */
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
})
