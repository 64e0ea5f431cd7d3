import { sql } from 'drizzle-orm'
import {
  bigserial,
  index,
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
export const auditLog = pgTable(
  'audit_log',
  {
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
    /**
     * Tenancy, fixed when the row is written (docs/audit.md): the actor's company (a merchant
     * user's: its merchant's company) and merchant, and the company and merchant of the object
     * the row is about (null when it belongs to no merchant or company, or is gone).
     */
    actorCompanyId: integer('actor_company_id'),
    actorMerchantId: integer('actor_merchant_id'),
    objectCompanyId: integer('object_company_id'),
    objectMerchantId: integer('object_merchant_id'),
    /**
     * The object's name when the row was written ("Support L1", "••0225"): the log names the
     * object as it was then, not as it is now. Null for rows about no object and rows written
     * before migration 0028 (the console falls back to the id).
     */
    targetName: text('target_name'),
    /** `done`, or `refused` for an attempt a rule or a missing right refused (docs/audit.md). */
    outcome: text('outcome').notNull().default('done'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_target_idx').on(t.target, t.at),
  ],
)

/**
 * Every e-mail the product sends: the mail outbox and its send records in one (DESIGN §13,
 * docs/mail.md). A row is written in the caller's transaction (status `queued`) and delivered
 * by the `mail-delivery` job; `subject`, `body` and `html` are the redacted copies shown in the
 * console, `sealed` the real message encrypted under the data key (it carries the secrets).
 */
export const sendRecords = pgTable(
  'send_records',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    /** The plain-text part, secrets redacted. */
    body: text('body').notNull(),
    /** The event the mail is for (e.g. `auth.password_reset`). */
    template: text('template').notNull(),
    /** queued → sending → sent | failed | expired (and sending → queued when an attempt failed). */
    status: text('status').notNull(),
    /** The last attempt's failure, or why the record failed. */
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    language: text('language').notNull().default('en-US'),
    /** The event's variables, secrets redacted. */
    variables: jsonb('variables').$type<Record<string, unknown>>().notNull().default({}),
    html: text('html').notNull().default(''),
    /** `{subject, text, html}` as sent, AES-256-GCM under the data key; cleared once sent. */
    sealed: text('sealed'),
    templateId: integer('template_id'),
    templateVersion: integer('template_version'),
    /** The sender account chosen at enqueue (null: the platform's SMTP_URL settings). */
    accountId: integer('account_id'),
    /** The company whose sender account choice applied, if any. */
    companyId: integer('company_id'),
    attempts: integer('attempts').notNull().default(0),
    /** Bumped when a stopped process's attempt is given back: the next delivery job's id. */
    generation: integer('generation').notNull().default(0),
    /** While `sending`: until when the claiming process owns the row. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /**
     * While `queued`: when the sweep last asked for this generation's delivery job (null: not
     * yet). The sweep asks again only after the job's expiry (docs/mail.md).
     */
    askedAt: timestamp('asked_at', { withTimezone: true }),
    /**
     * While `queued` after a failed attempt: not before this is it tried again (capped
     * exponential backoff, docs/mail.md). Null: at once.
     */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /**
     * When the content stops being valid (a sign-in code, a reset or activation link): a record
     * still unsent then is `expired`, never sent. Null: it does not expire.
     */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** A resend names the record it resends. */
    resendOf: integer('resend_of').references((): AnyPgColumn => sendRecords.id),
    requestedBy: integer('requested_by'),
    messageId: text('message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  // The delivery sweep reads the queued and sending rows only.
  (t) => [index('send_records_status').on(t.status)],
)

/** Each hand-over of a send record to an SMTP server, with the server's answer. */
export const sendAttempts = pgTable(
  'send_attempts',
  {
    id: serial('id').primaryKey(),
    recordId: integer('record_id')
      .notNull()
      .references(() => sendRecords.id),
    number: integer('number').notNull(),
    accountId: integer('account_id'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /**
     * `connecting` until the SMTP session is open and the message is about to be handed over,
     * then `handed`; `done` once the answer is written. A stopped process leaves `connecting`
     * (safe to try again) or `handed` (outcome unknown: never sent again automatically).
     */
    stage: text('stage').notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** sent | failed | unknown */
    outcome: text('outcome'),
    answer: text('answer'),
  },
  (t) => [unique('send_attempts_record_number').on(t.recordId, t.number)],
)

/** A DNS record a sender account's domain needs, and what the last check observed. */
export interface DnsRecordCheck {
  name: string
  type: 'TXT' | 'CNAME' | 'MX'
  value: string
  observed?: string[] | null
  verified?: boolean
  checkedAt?: string | null
}

/** Sender e-mail accounts (spec §3): SMTP settings, password encrypted, DNS records checked. */
export const emailAccounts = pgTable('email_accounts', {
  id: serial('id').primaryKey(),
  address: text('address').notNull().unique(),
  host: text('host').notNull(),
  port: integer('port').notNull(),
  /** tls (implicit, usually 465) | starttls (required) | none */
  security: text('security').notNull(),
  userName: text('user_name').notNull().default(''),
  /** AES-256-GCM under the data key; never returned by the API. */
  passwordSealed: text('password_sealed'),
  senderName: text('sender_name').notNull().default(''),
  remarks: text('remarks').notNull().default(''),
  status: text('status').notNull().default('active'),
  /** Usable by every company. */
  isPublic: boolean('is_public').notNull().default(false),
  /** The platform's default sender (at most one). */
  isDefault: boolean('is_default').notNull().default(false),
  dnsRecords: jsonb('dns_records').$type<DnsRecordCheck[]>().notNull().default([]),
  dnsCheckedAt: timestamp('dns_checked_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
})

/** The sender account a company chose for its mail (none: the platform default). */
export const companyEmailAccounts = pgTable('company_email_accounts', {
  companyId: integer('company_id').primaryKey(),
  accountId: integer('account_id')
    .notNull()
    .references(() => emailAccounts.id),
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
