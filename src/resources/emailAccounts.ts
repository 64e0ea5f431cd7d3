import { z } from 'zod'
import { email, id, int, optionalText, text, textarea } from '../lib/validators'
import { defineAction } from './action'
import { defineResource, field, filter } from './kit'

export const SMTP_SECURITY = ['tls', 'starttls', 'none'] as const
export const EMAIL_ACCOUNT_STATUS = ['active', 'inactive'] as const
export const DNS_TYPES = ['TXT', 'CNAME', 'MX'] as const

/** A host name (RFC 1123 labels) or an IPv4 address. */
export const HOST_NAME =
  /^(?=.{1,253}$)(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*\.?$/
/** A DNS record's name: labels as a host name, `_` allowed (`_dmarc`, `sel._domainkey`). */
const DNS_NAME =
  /^(?=.{1,253}$)[a-zA-Z0-9_](?:[a-zA-Z0-9_-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9_](?:[a-zA-Z0-9_-]{0,61}[a-zA-Z0-9])?)*\.?$/

const dnsRecordCheck = z.object({
  name: z.string(),
  type: z.enum(DNS_TYPES),
  value: z.string(),
  /** What the last check found published (null: the lookup failed). */
  observed: z.array(z.string()).nullable().optional(),
  verified: z.boolean().optional(),
  checkedAt: z.string().nullable().optional(),
})

/** The DNS records a sender domain needs (SPF, DKIM, DMARC), as entered. */
export const dnsRecordInput = z.object({
  name: text(253).refine((v) => DNS_NAME.test(v), { message: 'validation:format' }),
  type: z.enum(DNS_TYPES),
  value: text(2000),
})

/** Sender e-mail accounts (email-account): SMTP settings and the domain's DNS records. */
export const emailAccounts = defineResource({
  name: 'EmailAccount',
  api: '/email-account',
  screen: 'email-account',
  form: 'email-account-save',
  buttons: ['add', 'edit', 'delete'],
  row: z.object({
    id: z.number().int(),
    address: z.string(),
    host: z.string(),
    port: z.number().int(),
    security: z.enum(SMTP_SECURITY),
    userName: z.string(),
    /** Whether a password is stored; the password itself never leaves the server. */
    hasPassword: z.boolean(),
    senderName: z.string(),
    remarks: z.string(),
    status: z.enum(EMAIL_ACCOUNT_STATUS),
    isPublic: z.boolean(),
    isDefault: z.boolean(),
    dnsRecords: z.array(dnsRecordCheck),
    dnsCheckedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  save: z.object({
    id: id().optional(),
    address: email,
    host: text(253).refine((v) => HOST_NAME.test(v), { message: 'validation:format' }),
    port: int(1, 65535),
    security: z.enum(SMTP_SECURITY),
    userName: optionalText(),
    /** Empty on an edit: the saved password stays. */
    password: z.string().max(200).default(''),
    senderName: optionalText(),
    remarks: textarea(),
    status: z.enum(EMAIL_ACCOUNT_STATUS).default('active'),
    isPublic: z.boolean().default(false),
    isDefault: z.boolean().default(false),
    dnsRecords: z.array(dnsRecordInput).max(20).default([]),
  }),
  sortable: ['address', 'createdAt'],
  defaultSort: { field: 'address', order: 'asc' },
  filters: {
    address: filter.text(),
    status: filter.exact(),
    isPublic: filter.flag(),
  },
  scope: 'platform',
  messages: 'outbox:emailAccount',
  fields: {
    address: field.text('view', 'export'),
    senderName: field.text('view', 'export'),
    host: field.text('view', 'export'), // the view shows host:port
    port: field.number('export'),
    security: field.code('outbox:emailAccount.securityValue', 'view', 'export'),
    userName: field.text('view', 'export'),
    hasPassword: field.flag('view'),
    status: field.code('outbox:emailAccount.statusValue', 'view', 'export'),
    isPublic: field.flag('view', 'export'),
    isDefault: field.flag('view', 'export'),
    dnsCheckedAt: field.datetime('view', 'export'),
    remarks: field.text('view', 'export'),
    createdAt: field.datetime('export'),
  },
})

export type EmailAccount = z.output<typeof emailAccounts.row>

/**
 * email-account-save-settinginfo: which account sends which mail. The platform default sends
 * every mail no company choice covers (none: the server's SMTP_URL); a company may be given
 * one of the active public accounts instead (none: the platform default). docs/mail.md.
 */
export const senderSettings = z.object({
  defaultAccountId: z.number().int().nullable(),
  companies: z.array(
    z.object({
      companyId: z.number().int(),
      name: z.string(),
      accountId: z.number().int().nullable(),
    }),
  ),
  /** Every account, for the choices: the default takes an active one, a company a public one. */
  accounts: z.array(
    z.object({
      id: z.number().int(),
      address: z.string(),
      senderName: z.string(),
      status: z.enum(EMAIL_ACCOUNT_STATUS),
      isPublic: z.boolean(),
    }),
  ),
})
export type SenderSettings = z.output<typeof senderSettings>

export const saveSenderSettings = defineAction({
  name: 'EmailSenderSettings',
  path: '/email-account/save-settinginfo',
  screen: 'email-account',
  button: 'settings',
  summary:
    'Saves which sender account sends which mail: the platform default (an active account, or ' +
    "null for SMTP_URL) and the companies' choices (an active public account, or null for the " +
    'platform default); companies not listed keep theirs',
  input: {
    defaultAccountId: id().nullable(),
    companies: z.array(z.object({ companyId: id(), accountId: id().nullable() })).max(1000),
  },
  result: senderSettings,
  moneyMoves: false,
  audit: 'email-account.settings',
  changes: ['mail'],
})
