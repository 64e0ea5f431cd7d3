import { eq, sql } from 'drizzle-orm'
import type { AuditAction } from '../../../src/lib/auditActions'
import { audit } from '../../audit'
import { consumeSecret, issueSecret, secretByHash } from '../../auth/oneTimeSecrets'
import { hashPassword, verifyPassword } from '../../auth/passwords'
import {
  revokeOtherSessions,
  revokeUserSessions,
  setSessionStage,
  type UserRow,
} from '../../auth/sessions'
import { hashToken, newToken } from '../../auth/tokens'
import { parameters, users } from '../../db/schema'
import type { Db } from '../../db/client'
import type { Deps } from '../../deps'
import type { ServiceContext } from '../../resources/context'
import { BizError, CommonRules, type Rule } from '../../http/errors'
import { LIMITS, requireHit, takeHit } from '../../auth/throttle'
import { resetLink, sendResetLink } from './mails'
import { AuthRules } from './rules'
import {
  loginAnswer,
  nextStage,
  requireStage,
  sendNewSigninCode,
  type LoginAnswer,
  type SignedIn,
} from './service'

/** Used when the `mail.reset_link_minutes` parameter is missing, inactive or not a number. */
export const DEFAULT_RESET_MINUTES = 30
export const RESET_MINUTES_PARAMETER = 'mail.reset_link_minutes'

async function resetLinkMinutes(db: Db): Promise<number> {
  const [row] = await db
    .select({ value: parameters.value, active: parameters.active })
    .from(parameters)
    .where(eq(parameters.name, RESET_MINUTES_PARAMETER))
  const minutes = Number(row?.value)
  return row?.active && Number.isInteger(minutes) && minutes > 0 ? minutes : DEFAULT_RESET_MINUTES
}

async function refuse(
  c: ServiceContext,
  action: AuditAction,
  user: Pick<UserRow, 'id' | 'loginName'> | null,
  result: string,
  rule: Rule,
): Promise<never> {
  await audit(c, {
    action,
    target: user ? `user:${user.id}` : '',
    detail: { result },
    ...(user ? { userId: user.id, loginName: user.loginName } : {}),
  })
  throw new BizError(rule)
}

const withEmail = (u: UserRow): u is UserRow & { email: string } => !!u.email

/**
 * E-mails a reset link to the account(s) named by e-mail or login name. An unknown address
 * answers like a known one, so the call cannot be used to find out who has an account; a
 * login name is different only in that an account without an e-mail is told so (spec §8).
 */
export async function requestReset(
  c: ServiceContext,
  deps: Deps,
  body: { email?: string; loginName?: string },
): Promise<void> {
  const A = 'auth.resetRequest'
  const { db, clock } = c
  // Limits that say nothing about the account: per caller address, before any lookup.
  await requireHit(db, LIMITS.mailPerAddress, c.ip ?? '', clock.now())
  const byName = body.email === undefined
  // No sender account and no SMTP_URL: nothing could leave, so say so rather than answer
  // "sent". Asked of the platform before any lookup, so by e-mail the answer is the same for
  // every address (no account enumeration).
  if (!byName && !(await deps.mailer.canSend(db, {}))) {
    return refuse(c, A, null, 'no_transport', AuthRules.sendMailFailed)
  }
  const found = byName
    ? await db.select().from(users).where(eq(users.loginName, body.loginName!))
    : await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${body.email!})`)
  const targets = found.filter((u) => u.active)
  if (!targets.length) {
    await audit(c, {
      action: A,
      detail: { result: 'no_account' },
      userId: null,
      loginName: byName ? body.loginName! : null,
    })
    return
  }
  const minutes = await resetLinkMinutes(db)
  for (const user of targets) {
    if (!withEmail(user)) return refuse(c, A, user, 'no_email', AuthRules.emailNotConfigured)
    // A link is promised only when it has a way out (by e-mail this was asked for everyone
    // above; by login name the caller knows the account, and its company's account counts).
    if (byName && !(await deps.mailer.canSend(db, { companyId: user.companyId }))) {
      return refuse(c, A, user, 'no_transport', AuthRules.sendMailFailed)
    }
    const now = clock.now()
    const wait = await takeHit(db, LIMITS.resetMailPerAccount, String(user.id), now)
    if (wait > 0) {
      // By login name the caller knows the account already and is told; by e-mail the answer
      // stays the same as for an unknown address.
      if (byName) {
        await audit(c, { action: A, target: `user:${user.id}`, detail: { result: 'throttled' } })
        throw new BizError(CommonRules.tooManyRequests, { minutes: wait })
      }
      await audit(c, {
        action: A,
        target: `user:${user.id}`,
        detail: { result: 'throttled' },
        userId: user.id,
        loginName: user.loginName,
      })
      continue
    }
    const { token, hash } = newToken()
    const expiresAt = new Date(now.getTime() + minutes * 60_000)
    await issueSecret(db, {
      userId: user.id,
      purpose: 'password_reset',
      secretHash: hash,
      now,
      expiresAt,
    })
    // Queued: the outbox delivers it (retries, then failed in the send records).
    await sendResetLink(c, deps.mailer, user, resetLink(deps.config, token), minutes)
    await audit(c, {
      action: A,
      target: `user:${user.id}`,
      detail: { result: 'queued' },
      userId: user.id,
      loginName: user.loginName,
    })
  }
}

/**
 * Sets a new password from a reset link. The link is spent, the password written, the lock
 * cleared and every session ended in one transaction: either all of it happens or none.
 */
export async function resetPassword(
  c: ServiceContext,
  deps: Deps,
  body: { token: string; newPassword: string },
): Promise<void> {
  const A = 'auth.reset'
  const now = c.clock.now()
  const secret = await secretByHash(deps.db, 'password_reset', hashToken(body.token))
  if (!secret || secret.usedAt) return refuse(c, A, null, 'invalid', AuthRules.resetLinkInvalid)
  const [user] = await deps.db.select().from(users).where(eq(users.id, secret.userId))
  if (!user?.active) return refuse(c, A, null, 'invalid', AuthRules.resetLinkInvalid)
  if (secret.expiresAt <= now) return refuse(c, A, user, 'expired', AuthRules.resetLinkExpired)
  if (await verifyPassword(body.newPassword, user.passwordHash)) {
    return refuse(c, A, user, 'same_password', AuthRules.samePassword)
  }
  // scrypt is slow on purpose: hash before the transaction so no row lock waits on it.
  const passwordHash = await hashPassword(body.newPassword)
  await deps.db.transaction(async (tx) => {
    if (!(await consumeSecret(tx as unknown as Db, secret.id, now))) {
      throw new BizError(AuthRules.resetLinkInvalid)
    }
    await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false, failedLogins: 0, lockedUntil: null })
      .where(eq(users.id, user.id))
    await revokeUserSessions({ ...deps, db: tx as unknown as Db }, user.id)
    await audit(
      c,
      {
        action: A,
        target: `user:${user.id}`,
        detail: { result: 'success' },
        userId: user.id,
        loginName: user.loginName,
      },
      tx as unknown as Db,
    )
  })
}

/** Writes a new password for the user; their other sessions end, the caller's goes on. */
async function storePassword(deps: Deps, me: SignedIn, newPassword: string): Promise<void> {
  const passwordHash = await hashPassword(newPassword)
  await deps.db
    .update(users)
    .set({ passwordHash, mustChangePassword: false })
    .where(eq(users.id, me.user.id))
  await revokeOtherSessions(deps, me.user.id, me.session.id)
}

/** The signed-in user changes their password (settings → password change). */
export async function updatePassword(
  c: ServiceContext,
  deps: Deps,
  me: SignedIn,
  body: { oldPassword: string; newPassword: string },
): Promise<void> {
  const A = 'auth.passwordUpdate'
  const user = me.user
  if (!(await verifyPassword(body.oldPassword, user.passwordHash))) {
    return refuse(c, A, user, 'old_password_wrong', AuthRules.oldPasswordIncorrect)
  }
  await storePassword(deps, me, body.newPassword)
  await audit(c, { action: A, target: `user:${user.id}`, detail: { result: 'success' } })
}

/**
 * The forced change of first sign-in. Afterwards sign-in goes on as if the flag had never been
 * set: to the e-mailed code when the user has one, else straight to a full session.
 */
export async function forcedChange(
  c: ServiceContext,
  deps: Deps,
  me: SignedIn,
  body: { newPassword: string },
): Promise<LoginAnswer> {
  const A = 'auth.passwordForcedChange'
  await requireStage(c, me, A, 'change_password')
  const { session, user } = me
  const stage = nextStage({ ...user, mustChangePassword: false })
  if (stage === 'verify_code' && !withEmail(user)) {
    return refuse(c, A, user, 'no_email', AuthRules.emailNotConfigured)
  }
  if (await verifyPassword(body.newPassword, user.passwordHash)) {
    return refuse(c, A, user, 'same_password', AuthRules.samePassword)
  }
  await storePassword(deps, me, body.newPassword)
  await setSessionStage(deps, session.id, stage)
  await audit(c, { action: A, target: `user:${user.id}`, detail: { result: 'success', stage } })
  // The password is changed either way; if the mail fails the user asks for the code again.
  if (stage === 'verify_code' && withEmail(user)) {
    if (!(await sendNewSigninCode(c, deps, user, session.tokenHash))) {
      throw new BizError(AuthRules.sendMailFailed)
    }
  }
  return loginAnswer(deps, me.token, stage, session.expiresAt, user)
}
