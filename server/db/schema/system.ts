import { sql } from 'drizzle-orm'
import {
  bigserial,
  boolean,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'

export const dicts = pgTable('dicts', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  type: text('type').notNull().default(''),
  remark: text('remark').notNull().default(''),
  active: boolean('active').notNull().default(true),
  loading: boolean('loading').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
})

export const dictDetails = pgTable(
  'dict_details',
  {
    id: serial('id').primaryKey(),
    dictId: integer('dict_id')
      .notNull()
      .references(() => dicts.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    seq: integer('seq').notNull().default(0),
    descriptor: text('descriptor').notNull().default(''),
    parentId: integer('parent_id').references((): AnyPgColumn => dictDetails.id),
    otherText: text('other_text').notNull().default(''),
    active: boolean('active').notNull().default(true),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [unique('dict_details_dict_code').on(t.dictId, t.code)],
)

export const parameters = pgTable('parameters', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  value: text('value').notNull().default(''),
  description: text('description').notNull().default(''),
  active: boolean('active').notNull().default(true),
  editable: boolean('editable').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
})

/** Who did what, when and from where: every write and every sign-in attempt. */
export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: timestamp('at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
  userId: integer('user_id'),
  loginName: text('login_name'),
  action: text('action').notNull(),
  target: text('target').notNull().default(''),
  detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  ip: text('ip'),
  requestId: text('request_id'),
})

/** Every e-mail the product sends, with its outcome (spec: send records). */
export const sendRecords = pgTable('send_records', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  template: text('template').notNull(),
  status: text('status').notNull(),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
})

/** Merchant self-registrations waiting for review (spec §4: submitted → approved/rejected). */
export const merchantRegistrations = pgTable('merchant_registrations', {
  id: serial('id').primaryKey(),
  companyName: text('company_name').notNull(),
  contactName: text('contact_name').notNull(),
  email: text('email').notNull(),
  country: text('country').notNull(),
  registrationNo: text('registration_no').notNull().default(''),
  address: text('address').notNull().default(''),
  referralCode: text('referral_code').notNull().default(''),
  status: text('status').notNull().default('submitted'),
  rejectedReason: text('rejected_reason'),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
})
