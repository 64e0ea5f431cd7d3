import { eq } from 'drizzle-orm'
import { ACTIVATION_MINUTES } from '../../../src/resources/users'
import { audit } from '../../audit'
import { addressAllowed } from '../../auth/addresses'
import { consumeSecret, issueSecret, secretByHash } from '../../auth/oneTimeSecrets'
import { hashPassword } from '../../auth/passwords'
import { openSession } from '../../auth/sessions'
import { hashToken, newToken } from '../../auth/tokens'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'
import type { Deps } from '../../deps'
import { BizError } from '../../http/errors'
import type { ServiceContext } from '../../resources/context'
import { AuthRules } from '../auth/rules'
import { loginAnswer, nextStage, type LoginAnswer } from '../auth/service'
import type { UserRecord } from './queries'
import { UserRules } from './rules'

/** The first-time login page with the link's token (PUBLIC_URL, never a request's Host). */
export function activationLink(config: Config, token: string): string {
  return `${config.PUBLIC_URL}${config.BASE_PATH}firstTimeLogin?token=${encodeURIComponent(token)}`
}

/**
 * A new activation link for the administrator, its hash stored (earlier links stop working),
 * and its mail written into the outbox through `tx`: it goes only if the caller commits.
 * Returns the send record's id, for `deliverSoon` after the commit.
 */
export async function issueActivation(
  ctx: ServiceContext,
  deps: Deps,
  tx: Db,
  user: UserRecord & { email: string },
): Promise<number> {
  const now = ctx.clock.now()
  const { token, hash } = newToken()
  await issueSecret(tx, {
    userId: user.id,
    purpose: 'activation',
    secretHash: hash,
    now,
    expiresAt: new Date(now.getTime() + ACTIVATION_MINUTES * 60_000),
  })
  const link = activationLink(deps.config, token)
  return deps.mailer.enqueue(tx, {
    to: user.email,
    event: 'user.activation',
    language: ctx.lang ?? 'en-US',
    variables: {
      name: user.nickName || user.loginName,
      loginName: user.loginName,
      link,
      minutes: ACTIVATION_MINUTES,
    },
    secrets: [link, token],
    companyId: user.companyId,
    requestedBy: ctx.actor?.userId ?? null,
  })
}

async function refuse(
  ctx: ServiceContext,
  user: UserRecord | null,
  result: string,
  rule: typeof UserRules.activationLinkInvalid,
): Promise<never> {
  await audit(ctx, {
    action: 'user.activate',
    target: user ? `user:${user.id}` : '',
    detail: { result },
    userId: user?.id ?? null,
    loginName: user?.loginName ?? null,
  })
  throw new BizError(rule)
}

/**
 * The first-time login from the activation mail: the link is spent, the password set (spec §5
 * rules, checked by the body's schema) and the account activated in one transaction; the
 * answer is a sign-in like /login's (the next step, or a full session).
 */
export async function activate(
  ctx: ServiceContext,
  deps: Deps,
  body: { token: string; newPassword: string },
  userAgent?: string,
): Promise<LoginAnswer> {
  const now = ctx.clock.now()
  const secret = await secretByHash(ctx.db, 'activation', hashToken(body.token))
  if (!secret || secret.usedAt) return refuse(ctx, null, 'invalid', UserRules.activationLinkInvalid)
  const [user] = await ctx.db.select().from(users).where(eq(users.id, secret.userId))
  if (!user?.active || user.activatedAt)
    return refuse(ctx, null, 'invalid', UserRules.activationLinkInvalid)
  if (secret.expiresAt <= now) return refuse(ctx, user, 'expired', UserRules.activationLinkExpired)
  if (!addressAllowed(ctx.ip, user.allowedIps))
    return refuse(ctx, user, 'address_not_allowed', AuthRules.addressNotAllowed)
  const passwordHash = await hashPassword(body.newPassword)
  await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db
    if (!(await consumeSecret(db, secret.id, now)))
      throw new BizError(UserRules.activationLinkInvalid)
    await db
      .update(users)
      .set({
        passwordHash,
        mustChangePassword: false,
        activatedAt: now,
        failedLogins: 0,
        lockedUntil: null,
      })
      .where(eq(users.id, user.id))
    await audit(
      ctx,
      {
        action: 'user.activate',
        target: `user:${user.id}`,
        detail: { result: 'success' },
        userId: user.id,
        loginName: user.loginName,
      },
      db,
    )
  })
  // The e-mailed code is not asked again: the mailbox was just proven by the link.
  const stage = nextStage({ mustChangePassword: false, verifyByEmail: false })
  const session = await openSession(deps, user.id, stage, { ip: ctx.ip, userAgent })
  return loginAnswer(deps, session.token, stage, session.expiresAt, { ...user, passwordHash })
}
