import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import { companies, merchants } from './org'

export type LocaleMap = Record<string, string>

/** Menus are seeded from the screen registry (src/lib/screens.ts); ids are stable per screen. */
export const menus = pgTable('menus', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  name: text('name').notNull().unique(),
  nameKey: text('name_key').notNull(),
  url: text('url').notNull(),
  icon: text('icon').notNull().default(''),
  parentId: bigint('parent_id', { mode: 'number' }).references((): AnyPgColumn => menus.id),
  position: integer('position').notNull(),
  seq: integer('seq').notNull().default(0),
  disabled: text('disabled').notNull().default('0'),
  isHidden: boolean('is_hidden').notNull().default(false),
  headerShow: boolean('header_show').notNull().default(true),
  breadcrumbShow: boolean('breadcrumb_show').notNull().default(true),
  category: text('category').notNull().default('page'),
  useLevel: text('use_level').notNull().default('all'),
  style: text('style').notNull().default(''),
  reportCode: text('report_code').notNull().default(''),
  language: jsonb('language').$type<LocaleMap>().notNull(),
  descLanguage: jsonb('desc_language').$type<LocaleMap>().notNull().default({}),
  /**
   * Set when an operator edited the entry (module-management): the start-up sync then keeps
   * its names, icon, parent, position and seq and updates only what the registry owns (name,
   * url, category). Null: the registry's defaults, refreshed at every start.
   */
  editedAt: timestamp('edited_at', { withTimezone: true }),
})

export const buttons = pgTable('buttons', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  menuId: bigint('menu_id', { mode: 'number' })
    .notNull()
    .references(() => menus.id),
  language: jsonb('language').$type<LocaleMap>().notNull(),
  /** Comma separated route names this button opens (spec §3). */
  menuRouterList: text('menu_router_list').notNull().default(''),
  /** Set when an operator renamed the button (button-management): the sync keeps its labels. */
  editedAt: timestamp('edited_at', { withTimezone: true }),
})

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  allMerchantAccess: boolean('all_merchant_access').notNull().default(false),
  /** Platform administrators (with platform reach) may call the ledger's admin operations. */
  platformAdmin: boolean('platform_admin').notNull().default(false),
  /** The owner: null for a platform-wide role, else the company whose administrators keep it. */
  companyId: integer('company_id').references(() => companies.id),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
})

export const roleMenus = pgTable(
  'role_menus',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    menuId: bigint('menu_id', { mode: 'number' })
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] })],
)

export const roleButtons = pgTable(
  'role_buttons',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    buttonId: integer('button_id')
      .notNull()
      .references(() => buttons.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.buttonId] })],
)

/** Administrators: platform (no company), company (company_id) or merchant users (merchant_id). */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  loginName: text('login_name').notNull().unique(),
  nickName: text('nick_name').notNull().default(''),
  email: text('email'),
  areaCode: text('area_code'),
  mobile: text('mobile'),
  avatar: text('avatar').notNull().default(''),
  roleId: integer('role_id')
    .notNull()
    .references(() => roles.id),
  companyId: integer('company_id').references(() => companies.id),
  merchantId: integer('merchant_id').references(() => merchants.id),
  passwordHash: text('password_hash').notNull(),
  /** Set for new accounts and after an administrator reset: sign-in forces a password change. */
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  /** When set, sign-in asks for a code sent by e-mail (the /vaildatecode screen). */
  verifyByEmail: boolean('verify_by_email').notNull().default(false),
  failedLogins: integer('failed_logins').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  language: text('language').notNull().default('en_US'),
  timezone: text('timezone').notNull().default('UTC'),
  sensitiveVisible: boolean('sensitive_visible').notNull().default(false),
  landingPage: text('landing_page').notNull().default('index'),
  active: boolean('active').notNull().default(true),
  /**
   * Recorded information only (spec §3): a browser cannot read a device's MAC address, so
   * nothing is enforced with it. The allowed IP ranges below are what sign-in checks.
   */
  macAddress: text('mac_address'),
  /** CIDR ranges (IPv4 or IPv6) sign-in is accepted from; empty: from anywhere. */
  allowedIps: jsonb('allowed_ips').$type<string[]>().notNull().default([]),
  /**
   * An administrator's merchant access (with or without a company): every merchant in its reach
   * (true), or only those listed in `user_merchants` (server/auth/scope.ts honours it).
   */
  allMerchants: boolean('all_merchants').notNull().default(true),
  /**
   * Who set the screen's lock (`active` false); null for none or the sign-in lock. Only someone
   * with at least that administrator's reach lifts it (issue 25).
   */
  lockedBy: integer('locked_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  /** When the first password was set; null: the activation mail's link is not used yet. */
  activatedAt: timestamp('activated_at', { withTimezone: true }).default(sql`now()`),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
})

/** The merchants an administrator without all-merchant access reaches (issue 20). */
export const userMerchants = pgTable(
  'user_merchants',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.merchantId] })],
)

export const userMenuPins = pgTable(
  'user_menu_pins',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    menuId: bigint('menu_id', { mode: 'number' })
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    pinnedAt: timestamp('pinned_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.menuId] })],
)

export const userMenuRecents = pgTable(
  'user_menu_recents',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    menuId: bigint('menu_id', { mode: 'number' })
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    usedAt: timestamp('used_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.menuId] })],
)
