import { sql } from 'drizzle-orm'
import {
  boolean,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'

/** Companies form a tree (parent_id); a company administrator reaches its subtree. */
export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  parentId: integer('parent_id').references((): AnyPgColumn => companies.id),
  name: text('name').notNull(),
  agreementNo: text('agreement_no'),
  country: text('country'),
  copyright: text('copyright'),
  website: text('website'),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
})

export const merchants = pgTable('merchants', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  name: text('name').notNull(),
  registrationNo: text('registration_no'),
  country: text('country'),
  address: text('address'),
  referralCode: text('referral_code'),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
})

/** The issuing channels (the sandbox issuer first). */
export const channels = pgTable('channels', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  active: boolean('active').notNull().default(true),
})
