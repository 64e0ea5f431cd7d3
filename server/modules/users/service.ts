import { and, eq, ne } from 'drizzle-orm'
import type { z } from '@hono/zod-openapi'
import type { users as definition } from '../../../src/resources/users'
import { audit } from '../../audit'
import type { Actor } from '../../auth/actor'
import { grantsOfRole } from '../../auth/actor'
import { grantsWithin } from '../../auth/grantable'
import { hashPassword } from '../../auth/passwords'
import {
  reachOf,
  reachesMerchant,
  requireCompany,
  requireMerchant,
  type Reach,
} from '../../auth/scope'
import { revokeUserSessions } from '../../auth/sessions'
import { newToken } from '../../auth/tokens'
import type { Db } from '../../db/client'
import { isUniqueViolation } from '../../db/uniqueViolation'
import { merchants, roles, userMerchants, users } from '../../db/schema'
import type { Deps } from '../../deps'
import { BizError } from '../../http/errors'
import { fieldRefusal, requireButton } from '../../http/refusals'
import type { ServiceContext } from '../../resources/context'
import { phoneAreaList, timezoneList } from '../common/reference'
import { issueActivation } from './activation'
import {
  isPlatformAdmin,
  keepOnePlatformAdmin,
  landingPagesOf,
  roleById,
  userInReach,
  type UserRecord,
} from './queries'
import { AuthRules } from '../auth/rules'
import { visibleRoles } from '../roles/queries'
import { UserRules } from './rules'

export type SaveInput = z.output<(typeof definition)['save']>
type Signed = ServiceContext & { actor: Actor }

/** Where an administrator belongs: the platform (both null), a company, or a merchant. */
interface Tenant {
  companyId: number | null
  merchantId: number | null
}

/** A new administrator's company or merchant: named and in reach, else the caller's own. */
async function tenantOf(ctx: Signed, reach: Reach, input: SaveInput): Promise<Tenant> {
  if (input.merchantId) {
    const m = await requireMerchant(ctx.db, reach, input.merchantId)
    return { companyId: m.companyId, merchantId: m.id }
  }
  if (input.companyId) {
    await requireCompany(ctx.db, reach, input.companyId)
    return { companyId: input.companyId, merchantId: null }
  }
  if (reach.kind === 'merchant')
    return { companyId: reach.companyIds[0], merchantId: reach.merchantId }
  return { companyId: ctx.actor.companyId, merchantId: null }
}

/**
 * Whether the caller may give this role: nobody grants a right they do not hold
 * (`grantsWithin`), and the platform administrator role goes to platform-level administrators
 * only, from a platform administrator.
 * Roles have no owning company yet (the roles screen adds `roles.company_id`): until then every
 * role whose grants are within the caller's is offered.
 */
async function grantable(db: Db, actor: Actor, role: typeof roles.$inferSelect, tenant?: Tenant) {
  if (role.platformAdmin && (!actor.platformAdmin || (tenant && tenant.companyId !== null)))
    return false
  if (role.platformAdmin && tenant && tenant.merchantId !== null) return false
  return grantsWithin(actor, await grantsOfRole(db, role.id))
}

/**
 * The roles a caller may see (the roles screen's rule: its companies' roles, and platform-wide
 * roles within its own rights); another company's role is never offered nor accepted.
 */
async function visibleRole(db: Db, actor: Actor, roleId?: number) {
  const reach = await reachOf(db, actor)
  const mine = visibleRoles(reach, actor)
  const where = roleId === undefined ? mine : and(eq(roles.id, roleId), mine)
  return db.select().from(roles).where(where).orderBy(roles.name)
}

/** The roles this caller may give, each with the pages it permits (the landing page choices). */
export async function roleOptions(ctx: ServiceContext) {
  const actor = ctx.actor!
  const all = await visibleRole(ctx.db, actor)
  const out = []
  for (const role of all) {
    if (!(await grantable(ctx.db, actor, role))) continue
    const pages = await landingPagesOf(ctx.db, role.id)
    out.push({ id: role.id, name: role.name, platformAdmin: role.platformAdmin, pages })
  }
  return out
}

/** The field rules that need the database or the reference lists, refused beside the field. */
async function checkFields(ctx: Signed, reach: Reach, input: SaveInput, tenant: Tenant) {
  const [role] = await visibleRole(ctx.db, ctx.actor, input.roleId)
  if (!role || !(await grantable(ctx.db, ctx.actor, role, tenant))) {
    throw fieldRefusal(ctx, UserRules.roleNotGrantable, 'roleId', 'refusals:user.roleNotGrantable')
  }
  const pages = await landingPagesOf(ctx.db, role.id)
  const landingPage =
    input.landingPage ?? (pages.includes('index') ? 'index' : (pages[0] ?? 'index'))
  if (input.landingPage && !pages.includes(input.landingPage)) {
    throw fieldRefusal(
      ctx,
      UserRules.landingPageNotPermitted,
      'landingPage',
      'refusals:user.landingPageNotPermitted',
    )
  }
  if (!timezoneList('en-US', ctx.clock.now()).some((z) => z.zone === input.timezone)) {
    throw fieldRefusal(ctx, UserRules.unknownTimezone, 'timezone', 'refusals:user.unknownTimezone')
  }
  if (input.areaCode && !phoneAreaList('en-US').some((a) => a.areaCode === input.areaCode)) {
    throw fieldRefusal(ctx, UserRules.unknownAreaCode, 'areaCode', 'refusals:user.unknownAreaCode')
  }
  // A merchant user reaches its merchant; a platform one everything: no list for either.
  const listed = tenant.companyId !== null && tenant.merchantId === null ? input.merchantIds : null
  if (listed) {
    const rows = await ctx.db
      .select({ id: merchants.id, companyId: merchants.companyId })
      .from(merchants)
    const companyOf = new Map(rows.map((m) => [m.id, m]))
    const tenantReach = await reachOf(ctx.db, {
      ...ctx.actor,
      companyId: tenant.companyId,
      merchantId: null,
      allMerchants: true,
    })
    const ok = listed.every((id) => {
      const m = companyOf.get(id)
      return !!m && reachesMerchant(reach, m) && reachesMerchant(tenantReach, m)
    })
    if (!ok) {
      throw fieldRefusal(
        ctx,
        UserRules.merchantNotInReach,
        'merchantIds',
        'refusals:user.merchantNotInReach',
      )
    }
  }
  return { role, landingPage, merchantIds: listed ? [...new Set(listed)] : null }
}

/** The columns an administrator's save writes (the audit's before / after compare them). */
function columnsOf(input: SaveInput, landingPage: string, merchantIds: number[] | null) {
  return {
    loginName: input.loginName,
    email: input.email,
    roleId: input.roleId,
    areaCode: input.areaCode,
    mobile: input.mobile,
    macAddress: input.macAddress,
    sensitiveVisible: input.sensitiveFields,
    timezone: input.timezone,
    landingPage,
    allowedIps: input.allowedIps,
    allMerchants: merchantIds === null,
  }
}

type Columns = ReturnType<typeof columnsOf>

/** The fields that changed, before and after (the audit row of an edit). */
function changes(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter(
    (k) => JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null),
  )
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k] ?? null])),
    after: Object.fromEntries(keys.map((k) => [k, after[k] ?? null])),
  }
}

async function merchantIdsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: userMerchants.merchantId })
    .from(userMerchants)
    .where(eq(userMerchants.userId, userId))
  return rows.map((r) => r.id).sort((a, b) => a - b)
}

async function writeMerchants(tx: Db, userId: number, merchantIds: number[] | null) {
  await tx.delete(userMerchants).where(eq(userMerchants.userId, userId))
  if (merchantIds?.length) {
    await tx.insert(userMerchants).values(merchantIds.map((merchantId) => ({ userId, merchantId })))
  }
}

const loginNameTaken = (ctx: ServiceContext) =>
  fieldRefusal(ctx, UserRules.loginNameTaken, 'loginName', 'refusals:user.loginNameTaken')

/**
 * Creates (no `userId`: button `user-management:add`) or edits (`:edit`) an administrator, in
 * one transaction with its merchant list, its audit row (before / after) and, for a new one,
 * its activation mail in the outbox.
 */
export async function saveUser(ctx: ServiceContext, deps: Deps, input: SaveInput) {
  requireButton(ctx, input.userId ? 'user-management:edit' : 'user-management:add')
  const reach = await reachOf(ctx.db, ctx.actor)
  const current = input.userId ? await userInReach(ctx.db, reach, input.userId) : null
  const tenant = current ?? (await tenantOf(ctx, reach, input))
  const { role, landingPage, merchantIds } = await checkFields(ctx, reach, input, tenant)
  const [same] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.loginName, input.loginName), current ? ne(users.id, current.id) : undefined),
    )
  if (same) throw loginNameTaken(ctx)
  const values = columnsOf(input, landingPage, merchantIds)
  const mailIds: number[] = []
  const userId = await ctx.db
    .transaction(async (tx) => {
      const db = tx as unknown as Db
      if (current) return updateUser(ctx, db, current, values, role, merchantIds)
      // Unusable until the activation link sets a password.
      const passwordHash = await hashPassword(newToken().token)
      const [row] = await db
        .insert(users)
        .values({ ...values, ...tenant, passwordHash, activatedAt: null, nickName: '' })
        .returning()
      await writeMerchants(db, row.id, merchantIds)
      if (row.email)
        mailIds.push(await issueActivation(ctx, deps, db, row as UserRecord & { email: string }))
      await audit(
        ctx,
        {
          action: 'user.create',
          target: `user:${row.id}`,
          detail: { after: { ...values, ...tenant, merchantIds } },
        },
        db,
      )
      return row.id
    })
    .catch((e: unknown) => {
      // The unique index's race: two saves of one login name at once.
      if (isUniqueViolation(e)) throw loginNameTaken(ctx)
      throw e
    })
  deps.mailer.deliverSoon(mailIds)
  return { userId }
}

async function updateUser(
  ctx: ServiceContext,
  tx: Db,
  current: UserRecord,
  values: Columns,
  role: typeof roles.$inferSelect,
  merchantIds: number[] | null,
) {
  const currentRole = (await roleById(tx, current.roleId))!
  if (isPlatformAdmin(current, currentRole) && !role.platformAdmin) {
    // A demotion: refused when it would leave no platform administrator.
    await keepOnePlatformAdmin(tx, [current.id], () => new BizError(UserRules.lastPlatformAdmin))
  }
  const [locked] = await tx.select().from(users).where(eq(users.id, current.id)).for('update')
  const beforeMerchants = locked.allMerchants ? null : await merchantIdsOf(tx, current.id)
  await tx.update(users).set(values).where(eq(users.id, current.id))
  await writeMerchants(tx, current.id, merchantIds)
  const diff = changes({ ...locked, merchantIds: beforeMerchants } as Record<string, unknown>, {
    ...values,
    merchantIds,
  })
  await audit(ctx, { action: 'user.update', target: `user:${current.id}`, detail: diff }, tx)
  return current.id
}

/** Locks an administrator out (sign-in refused, sessions ended); never the last platform admin. */
export async function lockUser(ctx: ServiceContext, userId: number) {
  requireButton(ctx, 'user-management:lock')
  const reach = await reachOf(ctx.db, ctx.actor)
  const user = await userInReach(ctx.db, reach, userId)
  await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db
    const role = (await roleById(db, user.roleId))!
    if (isPlatformAdmin(user, role)) {
      await keepOnePlatformAdmin(db, [user.id], () => new BizError(UserRules.lastPlatformAdmin))
    }
    await db.update(users).set({ active: false }).where(eq(users.id, user.id))
    await revokeUserSessions({ db, clock: ctx.clock } as Deps, user.id)
    await audit(
      ctx,
      {
        action: 'user.lock',
        target: `user:${user.id}`,
        detail: { before: { active: user.active }, after: { active: false } },
      },
      db,
    )
  })
}

/**
 * Lifts an administrator's lock: the screen's (active again) and sign-in's (five wrong
 * passwords). Answers whether it was locked either way.
 */
export async function unlockUser(ctx: ServiceContext, userId: number) {
  requireButton(ctx, 'user-management:unlock')
  const reach = await reachOf(ctx.db, ctx.actor)
  const user = await userInReach(ctx.db, reach, userId)
  const signInLocked = !!user.lockedUntil && user.lockedUntil > ctx.clock.now()
  const wasLocked = !user.active || signInLocked
  await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db
    await db
      .update(users)
      .set({ active: true, failedLogins: 0, lockedUntil: null })
      .where(eq(users.id, user.id))
    await audit(
      ctx,
      {
        action: 'user.unlock',
        target: `user:${user.id}`,
        detail: {
          wasLocked,
          failedLogins: user.failedLogins,
          before: { active: user.active },
          after: { active: true },
        },
      },
      db,
    )
  })
  return { wasLocked }
}

/** Ends every session of an administrator (they sign in again). */
export async function endSessions(ctx: ServiceContext, userId: number) {
  requireButton(ctx, 'user-management:end-sessions')
  const reach = await reachOf(ctx.db, ctx.actor)
  const user = await userInReach(ctx.db, reach, userId)
  await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db
    await revokeUserSessions({ db, clock: ctx.clock } as Deps, user.id)
    await audit(ctx, { action: 'user.endSessions', target: `user:${user.id}` }, db)
  })
}

/** A new activation link (earlier ones stop working); refused without an e-mail (spec §8). */
export async function resendActivation(ctx: ServiceContext, deps: Deps, userId: number) {
  requireButton(ctx, 'user-management:resend')
  const reach = await reachOf(ctx.db, ctx.actor)
  const user = await userInReach(ctx.db, reach, userId)
  if (!user.email) throw new BizError(AuthRules.emailNotConfigured)
  if (user.activatedAt) throw new BizError(UserRules.alreadyActivated)
  const email = user.email
  const mailId = await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db
    const id = await issueActivation(ctx, deps, db, { ...user, email })
    await audit(ctx, { action: 'user.resendActivation', target: `user:${user.id}` }, db)
    return id
  })
  deps.mailer.deliverSoon([mailId])
}
