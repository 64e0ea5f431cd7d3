import { and, eq, inArray, ne } from 'drizzle-orm'
import type { z } from '@hono/zod-openapi'
import type { users as definition } from '../../../src/resources/users'
import { audit } from '../../audit'
import type { Actor } from '../../auth/actor'
import { companySubtree, grantsOfRole } from '../../auth/actor'
import { addressAllowed } from '../../auth/addresses'
import { grantsWithin } from '../../auth/grantable'
import { retireSecrets } from '../../auth/oneTimeSecrets'
import { hashPassword } from '../../auth/passwords'
import {
  reachOf,
  reachOfOwner,
  reachesMerchant,
  reachWithin,
  requireCompany,
  requireMerchant,
  type Reach,
} from '../../auth/scope'
import { revokeUserSessions } from '../../auth/sessions'
import { newToken } from '../../auth/tokens'
import type { Db } from '../../db/client'
import { isUniqueViolation } from '../../db/uniqueViolation'
import { companies, merchants, roles, userMerchants, users } from '../../db/schema'
import type { Deps } from '../../deps'
import { BizError, type Rule } from '../../http/errors'
import { fieldRefusal, requireButton } from '../../http/refusals'
import type { ServiceContext } from '../../resources/context'
import { phoneAreaList, timezoneList } from '../common/reference'
import { issueActivation } from './activation'
import {
  isPlatformAdmin,
  keepOnePlatformAdmin,
  lockPlatformRoles,
  platformAdminsBut,
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
 * Why the caller may not give this role to an administrator of `tenant`, or null when it may:
 * - nobody grants a right they do not hold (`grantsWithin`);
 * - the platform administrator role goes to platform-level administrators with every merchant,
 *   from a platform administrator;
 * - a company's role is held only by that company's (or its subsidiaries') administrators and
 *   merchant users (issue 25); a platform-wide role by anyone it is given to within these rules.
 */
async function roleRefusal(
  db: Db,
  actor: Actor,
  role: typeof roles.$inferSelect,
  tenant?: Tenant,
  merchantIds?: readonly number[] | null,
): Promise<Rule | null> {
  if (role.platformAdmin) {
    if (!actor.platformAdmin) return UserRules.roleNotGrantable
    if (tenant && (tenant.companyId !== null || tenant.merchantId !== null || merchantIds))
      return UserRules.roleOfPlatform
  }
  if (!grantsWithin(actor, await grantsOfRole(db, role.id))) return UserRules.roleNotGrantable
  if (tenant && role.companyId !== null) {
    const owned = tenant.companyId !== null && (await companySubtree(db, role.companyId))
    if (!owned || !owned.includes(tenant.companyId!)) return UserRules.roleOfOtherOwner
  }
  return null
}

async function companyName(db: Db, companyId: number): Promise<string> {
  const [row] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId))
  return row?.name ?? ''
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
    if (await roleRefusal(ctx.db, actor, role)) continue
    const pages = await landingPagesOf(ctx.db, role.id)
    out.push({ id: role.id, name: role.name, platformAdmin: role.platformAdmin, pages })
  }
  return out
}

/** What an administrator reaches once saved: its tenant and merchant access (null: all). */
function reachOfSaved(db: Db, tenant: Tenant, merchantIds: readonly number[] | null) {
  return reachOfOwner(db, { ...tenant, allMerchants: merchantIds === null, merchantIds })
}

/**
 * The merchant access list a save asks for, checked (issue 25, "reach only narrows"): a
 * merchant's user has none (it reaches its merchant); anyone else's is kept, with or without a
 * company. Every listed merchant must be one the caller reaches and one of the administrator's
 * own companies; a missing list means "all" and is refused unless the caller holds all; the
 * platform administrator role reaches every merchant and takes no list (`roleRefusal`).
 */
async function checkedMerchantIds(
  ctx: Signed,
  reach: Reach,
  input: SaveInput,
  tenant: Tenant,
): Promise<number[] | null> {
  const listed = input.merchantIds ?? null
  const refuse = (rule: Rule) => fieldRefusal(ctx, rule, 'merchantIds', rule.key)
  if (tenant.merchantId !== null) {
    if (listed) throw refuse(UserRules.merchantListForMerchantUser)
    return null
  }
  if (!listed) {
    if (reach.kind === 'company' && reach.merchantIds) throw refuse(UserRules.allMerchantsNotHeld)
    return null
  }
  const rows = await ctx.db
    .select({ id: merchants.id, companyId: merchants.companyId })
    .from(merchants)
    .where(inArray(merchants.id, listed))
  const byId = new Map(rows.map((m) => [m.id, m]))
  const tenantReach = await reachOfSaved(ctx.db, tenant, null)
  const ok = listed.every((id) => {
    const m = byId.get(id)
    return !!m && reachesMerchant(reach, m) && reachesMerchant(tenantReach, m)
  })
  if (!ok) throw refuse(UserRules.merchantNotInReach)
  return [...new Set(listed)].sort((a, b) => a - b)
}

/** The field rules that need the database or the reference lists, refused beside the field. */
async function checkFields(ctx: Signed, reach: Reach, input: SaveInput, tenant: Tenant) {
  const merchantIds = await checkedMerchantIds(ctx, reach, input, tenant)
  // Whatever the fields say, the administrator saved reaches no more than the caller.
  if (!reachWithin(await reachOfSaved(ctx.db, tenant, merchantIds), reach)) {
    throw fieldRefusal(ctx, UserRules.widerReach, 'merchantIds', UserRules.widerReach.key)
  }
  const [role] = await visibleRole(ctx.db, ctx.actor, input.roleId)
  const refusal = role
    ? await roleRefusal(ctx.db, ctx.actor, role, tenant, merchantIds)
    : UserRules.roleNotGrantable
  if (refusal) {
    const owner = role?.companyId ? await companyName(ctx.db, role.companyId) : ''
    throw fieldRefusal(ctx, refusal, 'roleId', refusal.key, { owner })
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
  return { role, landingPage, merchantIds }
}

/**
 * The administrator, if the caller reaches it and reaches at least as much (issue 25): nobody
 * changes, locks, unlocks, deletes or ends the sessions of an administrator wider than
 * themselves. Out of reach answers 404 like a missing id; wider, 1815.
 */
export async function userWithinReach(db: Db, reach: Reach, userId: number): Promise<UserRecord> {
  const user = await userInReach(db, reach, userId)
  await requireNotWider(db, reach, user)
  return user
}

/** Refuses (1815) when `user` reaches more than `reach`. */
export async function requireNotWider(db: Db, reach: Reach, user: UserRecord) {
  if (!reachWithin(await reachOfOwner(db, { ...user, userId: user.id }), reach))
    throw new BizError(UserRules.widerReach)
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
  const current = input.userId ? await userWithinReach(ctx.db, reach, input.userId) : null
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
      if (current) {
        const updated = await updateUser(ctx, deps, db, current, values, role, merchantIds)
        mailIds.push(...updated.mailIds)
        return updated.userId
      }
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
  deps: Deps,
  tx: Db,
  current: UserRecord,
  values: Columns,
  role: typeof roles.$inferSelect,
  merchantIds: number[] | null,
): Promise<{ userId: number; mailIds: number[] }> {
  const currentRole = (await roleById(tx, current.roleId))!
  if (isPlatformAdmin(current, currentRole) && !role.platformAdmin) {
    // A demotion: refused when it would leave no platform administrator.
    await keepOnePlatformAdmin(tx, [current.id], () => new BizError(UserRules.lastPlatformAdmin))
  }
  await keepOneSigningIn(ctx, tx, current, values)
  const [locked] = await tx.select().from(users).where(eq(users.id, current.id)).for('update')
  const beforeMerchants = locked.allMerchants ? null : await merchantIdsOf(tx, current.id)
  await tx.update(users).set(values).where(eq(users.id, current.id))
  await writeMerchants(tx, current.id, merchantIds)
  const diff = changes({ ...locked, merchantIds: beforeMerchants } as Record<string, unknown>, {
    ...values,
    merchantIds,
  })
  const mailIds: number[] = []
  if ('email' in diff.after || 'merchantIds' in diff.after || 'allMerchants' in diff.after) {
    // Links and codes went to the old address, sessions were opened with the old reach: both
    // end (issue 25). A pending administrator gets a new link at the new address.
    await retireSecrets(tx, current.id, ctx.clock.now())
    await revokeUserSessions({ db: tx, clock: ctx.clock } as Deps, current.id)
    if (!locked.activatedAt && values.email)
      mailIds.push(
        await issueActivation(ctx, deps, tx, { ...locked, ...values, email: values.email }),
      )
  }
  await audit(ctx, { action: 'user.update', target: `user:${current.id}`, detail: diff }, tx)
  return { userId: current.id, mailIds }
}

/**
 * Refuses a save that would leave no platform administrator able to sign in from the saver's
 * own address (issue 25): the allowed ranges of the last one that admits it. Runs under
 * `keepOnePlatformAdmin`'s lock order: the platform roles first, then the user row.
 */
async function keepOneSigningIn(
  ctx: ServiceContext,
  tx: Db,
  before: UserRecord,
  after: { allowedIps: string[] },
) {
  const wasAdmin = isPlatformAdmin(before, (await roleById(tx, before.roleId))!)
  if (!wasAdmin || addressAllowed(ctx.ip, after.allowedIps)) return
  await lockPlatformRoles(tx)
  const others = await tx
    .select({ allowedIps: users.allowedIps })
    .from(users)
    .where(platformAdminsBut([before.id]))
  if (!others.some((o) => addressAllowed(ctx.ip, o.allowedIps))) {
    throw fieldRefusal(
      ctx,
      UserRules.noPlatformAdminCanSignIn,
      'allowedIps',
      UserRules.noPlatformAdminCanSignIn.key,
      {
        ip: ctx.ip ?? '',
      },
    )
  }
}

/** Locks an administrator out (sign-in refused, sessions ended); never the last platform admin. */
export async function lockUser(ctx: ServiceContext, userId: number) {
  requireButton(ctx, 'user-management:lock')
  const reach = await reachOf(ctx.db, ctx.actor)
  const user = await userWithinReach(ctx.db, reach, userId)
  await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db
    const role = (await roleById(db, user.roleId))!
    if (isPlatformAdmin(user, role)) {
      await keepOnePlatformAdmin(db, [user.id], () => new BizError(UserRules.lastPlatformAdmin))
    }
    await db
      .update(users)
      .set({ active: false, lockedBy: ctx.actor!.userId })
      .where(eq(users.id, user.id))
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
 * Refuses (1816) to lift a lock set by an administrator who reaches more than the caller: a
 * company administrator does not undo a platform administrator's lock.
 */
async function requireLockerWithin(ctx: ServiceContext, reach: Reach, user: UserRecord) {
  if (user.active || user.lockedBy === null) return
  const [locker] = await ctx.db.select().from(users).where(eq(users.id, user.lockedBy))
  if (!locker || reachWithin(await reachOfOwner(ctx.db, { ...locker, userId: locker.id }), reach))
    return
  throw new BizError(UserRules.lockedByWider, { lockedBy: locker.loginName })
}

/**
 * Lifts an administrator's lock: the screen's (active again) and sign-in's (five wrong
 * passwords). Answers whether it was locked either way.
 */
export async function unlockUser(ctx: ServiceContext, userId: number) {
  requireButton(ctx, 'user-management:unlock')
  const reach = await reachOf(ctx.db, ctx.actor)
  const user = await userWithinReach(ctx.db, reach, userId)
  await requireLockerWithin(ctx, reach, user)
  const signInLocked = !!user.lockedUntil && user.lockedUntil > ctx.clock.now()
  const wasLocked = !user.active || signInLocked
  await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db
    await db
      .update(users)
      .set({ active: true, failedLogins: 0, lockedUntil: null, lockedBy: null })
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
  const user = await userWithinReach(ctx.db, reach, userId)
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
  const user = await userWithinReach(ctx.db, reach, userId)
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
