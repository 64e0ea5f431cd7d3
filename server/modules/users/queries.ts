import { and, count, eq, getTableColumns, isNull, notInArray, sql } from 'drizzle-orm'
import { screenByName, type Screen } from '../../../src/lib/screens'
import type { RowOf } from '../../../src/resources/kit'
import type { users as definition } from '../../../src/resources/users'
import { grantsOfRole } from '../../auth/actor'
import { tenantScope, userColumns, type Reach } from '../../auth/scope'
import type { Db } from '../../db/client'
import {
  auditLog,
  companies,
  emailTemplates,
  emailTemplateVersions,
  merchants,
  roles,
  userMerchants,
  users,
} from '../../db/schema'
import { BizError, CommonRules } from '../../http/errors'
import { iso } from '../../http/wire'

export type UserRecord = typeof users.$inferSelect

/**
 * The administrators a caller reaches: a company user those of its companies and of their
 * merchants (with a merchant access list: company-level ones and the listed merchants' own);
 * a merchant user its merchant's; the platform everyone. Platform-level administrators are
 * the platform's only.
 */
export const userScope = (reach: Reach) => tenantScope(reach, userColumns)

/** The list's projection: the user, its role's, company's and merchant's names, its merchants. */
export const userFields = {
  ...getTableColumns(users),
  roleName: roles.name,
  companyName: companies.name,
  merchantName: merchants.name,
  merchantList: sql<
    number[]
  >`(select coalesce(json_agg(${userMerchants.merchantId} order by ${userMerchants.merchantId}), '[]'::json) from ${userMerchants} where ${userMerchants.userId} = ${users.id})`,
}

export const joinUserNames = (q: any) =>
  q
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(merchants, eq(merchants.id, users.merchantId))

type Projected = UserRecord & {
  roleName: string
  companyName: string | null
  merchantName: string | null
  merchantList: number[]
}

/** A row as the list, the detail and the export answer it (the password hash never leaves). */
export function userRow(r: Projected): RowOf<typeof definition> {
  return {
    id: r.id,
    loginName: r.loginName,
    email: r.email,
    areaCode: r.areaCode,
    mobile: r.mobile,
    macAddress: r.macAddress,
    roleId: r.roleId,
    roleName: r.roleName,
    companyId: r.companyId,
    companyName: r.companyName,
    merchantId: r.merchantId,
    merchantName: r.merchantName,
    merchantIds: r.allMerchants ? null : r.merchantList.map(Number),
    sensitiveFields: r.sensitiveVisible,
    timezone: r.timezone,
    landingPage: r.landingPage,
    allowedIps: r.allowedIps,
    active: r.active,
    status: !r.active ? 'locked' : r.activatedAt ? 'active' : 'pending',
    createdAt: iso(r.createdAt),
  }
}

/** The administrator if the caller reaches it; 404 as for a missing id otherwise. */
export async function userInReach(db: Db, reach: Reach, userId: number): Promise<UserRecord> {
  const [row] = await db
    .select(getTableColumns(users))
    .from(users)
    .where(and(eq(users.id, userId), userScope(reach)))
  if (!row) throw new BizError(CommonRules.notFound)
  return row
}

/** Whether a page can be a landing page: a visible page of the registry with a url. */
const isLandingScreen = (s: Screen | undefined): s is Screen =>
  !!s && !!s.url && !s.hidden && (s.category ?? 'page') === 'page'

/** The pages a role permits, in the registry's order: the landing page choices. */
export async function landingPagesOf(db: Db, roleId: number): Promise<string[]> {
  const grants = await grantsOfRole(db, roleId)
  return [...grants.menus].filter((m) => isLandingScreen(screenByName.get(m)))
}

export async function roleById(db: Db, roleId: number) {
  const [row] = await db.select().from(roles).where(eq(roles.id, roleId))
  return row
}

export const isPlatformAdmin = (u: UserRecord, role: { platformAdmin: boolean }) =>
  role.platformAdmin && u.active && u.allMerchants && u.companyId === null && u.merchantId === null

/**
 * Refuses a write that would leave no active platform administrator. The platform role rows
 * are locked first, so every such write runs one at a time (two demotions of the last two:
 * the second counts after the first committed, and is refused); the count is then read fresh.
 */
export async function keepOnePlatformAdmin(tx: Db, leaving: number[], refusal: () => BizError) {
  await lockPlatformRoles(tx)
  const [{ n }] = await tx.select({ n: count() }).from(users).where(platformAdminsBut(leaving))
  if (Number(n) === 0) throw refusal()
}

/**
 * The active platform administrators (`isPlatformAdmin` as a where-condition) other than
 * `leaving`: the platform administrator role, no company or merchant, every merchant.
 */
export function platformAdminsBut(leaving: number[]) {
  return and(
    sql`${users.roleId} in (select ${roles.id} from ${roles} where ${roles.platformAdmin})`,
    eq(users.active, true),
    eq(users.allMerchants, true),
    isNull(users.companyId),
    isNull(users.merchantId),
    leaving.length ? notInArray(users.id, leaving) : undefined,
  )
}

/** The lock `keepOnePlatformAdmin` takes (taken first by writes that lock user rows too). */
export async function lockPlatformRoles(tx: Db) {
  await tx
    .select({ id: roles.id })
    .from(roles)
    .where(eq(roles.platformAdmin, true))
    .orderBy(roles.id)
    .for('no key update')
}

/**
 * Whether an administrator has acted (an audit row of their own, or a mail template version
 * they wrote). Such a record stays, so the history keeps saying who did what: lock it instead.
 */
export async function hasActed(db: Db, userId: number): Promise<boolean> {
  // One after another: inside a transaction they share one connection.
  const checks = [
    () => db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.userId, userId)),
    () =>
      db
        .select({ id: emailTemplateVersions.id })
        .from(emailTemplateVersions)
        .where(eq(emailTemplateVersions.createdBy, userId)),
    () =>
      db
        .select({ id: emailTemplates.id })
        .from(emailTemplates)
        .where(eq(emailTemplates.updatedBy, userId)),
  ]
  for (const check of checks) if ((await check().limit(1)).length > 0) return true
  return false
}
