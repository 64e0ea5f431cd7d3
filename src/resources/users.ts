import { z } from 'zod'
import { id, matching, safeString, text } from '../lib/validators'
import { defineResource, field, filter, strings } from './kit'

/** Where an administrator stands: activation mail not used yet, usable, or locked. */
export const USER_STATUSES = ['pending', 'active', 'locked'] as const
export type UserStatus = (typeof USER_STATUSES)[number]

/** How long the activation mail's link works (minutes): a day. */
export const ACTIVATION_MINUTES = 1440

/** At most this many allowed IP ranges per administrator. */
export const ALLOWED_IPS_MAX = 20

/**
 * A MAC address as people write it (six pairs of hex digits, `:` or `-` between them).
 * Recorded information only: a browser cannot read a device's MAC address, so sign-in never
 * checks it (the allowed IP ranges are what is enforced).
 */
export const MAC_ADDRESS = /^[0-9A-Fa-f]{2}([:-])(?:[0-9A-Fa-f]{2}\1){4}[0-9A-Fa-f]{2}$/

/** An allowed range: IPv4 or IPv6 in CIDR notation (`203.0.113.0/24`, `2001:db8::/32`). */
export const cidr = z
  .string()
  .trim()
  .min(1)
  .pipe(z.union([z.cidrv4(), z.cidrv6()], { message: 'validation:cidr' }))

/** Optional text: '' or absent is none (stored as null). */
const optional = (schema: z.ZodType<string>) =>
  z
    .union([z.literal(''), schema])
    .optional()
    .nullable()
    .transform((v) => v || null)

/**
 * Administrators (user-management, user-management-save; spec §3 "Administrator"): login name,
 * area code + mobile, e-mail, MAC address (recorded only), role, merchant access, sensitive
 * fields visibility, timezone, default landing page, and the IP ranges sign-in is accepted
 * from. List, detail and export are the kit's; the save (`userId`), lock, unlock, resend
 * activation and end sessions are the module's own (server/modules/users).
 */
export const users = defineResource({
  name: 'User',
  api: '/user',
  screen: 'user-management',
  form: 'user-management-save',
  buttons: ['add', 'edit', 'delete', 'lock', 'unlock', 'resend', 'end-sessions'],
  row: z.object({
    id: z.number().int(),
    ...strings('loginName', 'roleName', 'timezone', 'landingPage', 'createdAt'),
    email: z.string().nullable(),
    areaCode: z.string().nullable(),
    mobile: z.string().nullable(),
    macAddress: z.string().nullable(),
    roleId: z.number().int(),
    companyId: z.number().int().nullable(),
    companyName: z.string().nullable(),
    merchantId: z.number().int().nullable(),
    merchantName: z.string().nullable(),
    /** null: every merchant in the administrator's reach; else the chosen ones. */
    merchantIds: z.array(z.number().int()).nullable(),
    sensitiveFields: z.boolean(),
    allowedIps: z.array(z.string()),
    active: z.boolean(),
    status: z.enum(USER_STATUSES),
  }),
  save: z.object({
    userId: id().optional(),
    loginName: text(50).regex(/^[A-Za-z0-9._@-]+$/, { message: 'validation:loginName' }),
    email: optional(text().pipe(z.email())),
    roleId: id(),
    /** Fixed once the administrator exists: a company's (or a merchant's) administrator. */
    companyId: id().nullable().optional(),
    merchantId: id().nullable().optional(),
    /** Absent or null: all merchants (within the administrator's companies); else these. */
    merchantIds: z.array(id()).min(1).max(500).nullable().optional(),
    sensitiveFields: z.boolean().default(false),
    timezone: text(64),
    landingPage: optional(text(64)),
    areaCode: optional(matching(/^[0-9]{1,4}$/, 'validation:format')),
    mobile: optional(matching(/^[0-9]{4,15}$/, 'validation:phone')),
    macAddress: optional(safeString().trim().regex(MAC_ADDRESS, { message: 'validation:format' })),
    allowedIps: z.array(cidr).max(ALLOWED_IPS_MAX).default([]),
  }),
  sortable: ['loginName', 'createdAt'],
  defaultSort: { field: 'loginName', order: 'asc' },
  filters: {
    loginName: filter.text(),
    email: filter.text(),
    roleName: filter.text(),
    companyId: filter.company(),
    merchantId: filter.merchant(),
    active: filter.flag(),
  },
  scope: 'companyId',
  messages: 'users:user',
  fields: {
    loginName: field.text('list', 'form', 'view', 'export'),
    email: field.text('list', 'form', 'view', 'export'),
    areaCode: field.picker('form', 'view', 'export'),
    mobile: field.text('list', 'form', 'view', 'export'),
    roleId: field.picker('form'),
    roleName: field.text('list', 'view', 'export'),
    companyId: field.picker('form'),
    companyName: field.text('list', 'view', 'export'),
    merchantId: field.picker('form'),
    merchantName: field.text('list', 'view', 'export'),
    sensitiveFields: field.flag('form', 'view', 'export'),
    timezone: field.picker('form', 'view', 'export'),
    landingPage: field.picker('form', 'view', 'export'),
    macAddress: field.text('form', 'view', 'export'),
    status: field.code('users:user.statusValue', 'list', 'view', 'export'),
    createdAt: field.datetime('list', 'view', 'export'),
  },
})
