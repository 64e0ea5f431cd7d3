import { eq } from 'drizzle-orm'
import type { AuditAction } from '../../../src/lib/auditActions'
import type { z } from '@hono/zod-openapi'
import { audit } from '../../audit'
import { addressAllowed } from '../../auth/addresses'
import {
  claimPasswordCheck,
  clearFailedLogins,
  LOCK_MINUTES,
  lockMinutesLeft,
} from '../../auth/lockout'
import { claimAttempt, consumeSecret, issueSecret, latestSecret } from '../../auth/oneTimeSecrets'
import { LIMITS, takeHit, waitOf } from '../../auth/throttle'
import { hashPassword, verifyPassword } from '../../auth/passwords'
import {
  openSession,
  revokeSession,
  setSessionStage,
  type SessionRow,
  type SessionStage,
  type UserRow,
} from '../../auth/sessions'
import { hashToken, newCode } from '../../auth/tokens'
import { users } from '../../db/schema'
import type { Deps } from '../../deps'
import { BizError, CommonRules, type Rule } from '../../http/errors'
import type { ServiceContext } from '../../resources/context'
import { sendSigninCode } from './mails'
import { AuthRules } from './rules'
import { USER_LANGUAGES, type LoginData } from './schemas'

export type LoginAnswer = z.infer<typeof LoginData>

/** The e-mailed sign-in code: valid ten minutes, five guesses, one e-mail a minute at most. */
export const CODE_MINUTES = 10
export const CODE_MAX_ATTEMPTS = 5
export const CODE_RESEND_SECONDS = 60

/**
 * The caller of a sign-in-step or session call, as `authorize` proved it: its session, its
 * user and the raw token it sent (answered back once the step is done).
 */
export interface SignedIn {
  session: SessionRow
  user: UserRow
  token: string
}

/** Writes the audit row of a refused step, then refuses it. */
async function refuse(
  c: ServiceContext,
  action: AuditAction,
  who: { userId: number | null; loginName: string | null },
  result: string,
  rule: Rule,
  params: Record<string, unknown> = {},
  addressThrottled = false,
): Promise<never> {
  await audit(c, {
    action,
    target: who.userId ? `user:${who.userId}` : '',
    detail: addressThrottled ? { result, addressThrottled } : { result },
    ...who,
  })
  throw new BizError(rule, params)
}

/**
 * The step sign-in asks for next: a forced password change first, then the e-mailed code —
 * for users who verify by e-mail, and for anyone signing in from an address past its failure
 * limit (`stepUp`).
 */
export function nextStage(
  user: Pick<UserRow, 'mustChangePassword' | 'verifyByEmail'>,
  stepUp = false,
) {
  if (user.mustChangePassword) return 'change_password' as const
  if (user.verifyByEmail || stepUp) return 'verify_code' as const
  return 'full' as const
}

export function loginAnswer(
  deps: Deps,
  token: string,
  stage: SessionStage,
  expiresAt: Date,
  user: UserRow,
): LoginAnswer {
  const language = (USER_LANGUAGES as readonly string[]).includes(user.language)
    ? (user.language as LoginAnswer['user']['language'])
    : 'en_US'
  return {
    token,
    stage,
    idleSeconds: deps.config.SESSION_IDLE_SECONDS,
    warningSeconds: deps.config.SESSION_WARNING_SECONDS,
    expiresAt: expiresAt.toISOString(),
    user: {
      userName: user.loginName,
      nickName: user.nickName,
      avatar: user.avatar,
      language,
      timezone: user.timezone,
      landingPage: user.landingPage,
    },
  }
}

/** An unknown login name costs the same scrypt work as a known one: no timing oracle. */
let decoyHash: Promise<string> | null = null
const decoy = () => (decoyHash ??= hashPassword('decoy-password-not-in-use'))

/**
 * Issues a fresh sign-in code bound to this session (the hash covers the session's token hash,
 * so a code sent for another sign-in does not work here) and e-mails it.
 */
export async function sendNewSigninCode(
  c: ServiceContext,
  deps: Deps,
  user: UserRow & { email: string },
  tokenHash: string,
): Promise<boolean> {
  // No way out for the mail (no sender account, no SMTP_URL): no code is made, the caller
  // refuses with 1009 rather than wait for a code that cannot come.
  if (!(await deps.mailer.canSend(c.db, { companyId: user.companyId }))) return false
  const now = c.clock.now()
  const code = newCode()
  await issueSecret(c.db, {
    userId: user.id,
    purpose: 'signin_code',
    secretHash: hashToken(`${tokenHash}:${code}`),
    now,
    expiresAt: new Date(now.getTime() + CODE_MINUTES * 60_000),
  })
  await sendSigninCode(c, deps.mailer, user, code, CODE_MINUTES)
  return true
}

const hasEmail = (u: UserRow): u is UserRow & { email: string } => !!u.email

/**
 * Sign-in (docs/auth.md, "Wrong passwords and lockout" and "Failures from one address").
 *
 * The per-address count takes FAILURES, after they happen, and never refuses a right password:
 * an attacker's guesses from a shared address (an office, a proxy without `TRUST_PROXY`) must
 * not lock everyone else out. What the address limit still does against spraying: past 20
 * failures a failing guess answers 429, and a right password opens the session at the e-mailed
 * code step when the account has an e-mail, so a password guessed from there is not enough.
 * Only the ACCOUNT's own lock refuses a right password.
 */
export async function signIn(
  c: ServiceContext,
  deps: Deps,
  body: { loginName: string; password: string },
  userAgent?: string,
): Promise<LoginAnswer> {
  const now = c.clock.now()
  const [user] = await c.db.select().from(users).where(eq(users.loginName, body.loginName))
  const who = { userId: user?.id ?? null, loginName: body.loginName }
  const A = 'auth.login'
  const address = c.ip ?? ''
  const addressOverLimit = (await waitOf(c.db, LIMITS.signinPerAddress, address, now)) > 0
  /** A guess that failed: counted against the address, then refused (429 past the limit). */
  const failed = async (result: string, rule: Rule) => {
    const minutes = await takeHit(c.db, LIMITS.signinPerAddress, address, now)
    if (minutes > 0) {
      return refuse(c, A, who, result, CommonRules.tooManyRequests, { minutes }, true)
    }
    return refuse(c, A, who, result, rule)
  }
  if (!user) {
    await verifyPassword(body.password, await decoy())
    return failed('unknown_user', AuthRules.badCredentials)
  }
  const claim = await claimPasswordCheck(deps, user.id, now)
  if (!claim) {
    // Locked, or five checks already under way: refused without looking at the password. No
    // guess was made, so the address is not charged.
    const [fresh] = await c.db
      .select({ lockedUntil: users.lockedUntil })
      .from(users)
      .where(eq(users.id, user.id))
    const minutes = lockMinutesLeft(fresh ?? user, now) || LOCK_MINUTES
    return refuse(c, A, who, 'locked', AuthRules.accountLocked, { minutes })
  }
  if (!(await verifyPassword(body.password, user.passwordHash))) {
    if (!claim.lockedUntil) return failed('bad_password', AuthRules.badCredentials)
    // The guess that locked the account: counted, and answered with the lock (how to lift it).
    await takeHit(c.db, LIMITS.signinPerAddress, address, now)
    const left = lockMinutesLeft({ lockedUntil: claim.lockedUntil }, now)
    return refuse(c, A, who, 'locked_now', AuthRules.accountLocked, { minutes: left })
  }
  // The right password: the claim, and any lock it set, are given back.
  await clearFailedLogins(deps, user.id)
  // Checked only after the password, so a stranger learns nothing about the account's state.
  if (!user.active) return refuse(c, A, who, 'inactive', AuthRules.loginFailed)
  // The administrator's allowed IP ranges (issue 20), after the password like the state above.
  if (!addressAllowed(c.ip, user.allowedIps)) {
    return refuse(c, A, who, 'address_not_allowed', AuthRules.addressNotAllowed)
  }
  const stage = nextStage(user, addressOverLimit && hasEmail(user))
  if (stage === 'verify_code' && !hasEmail(user)) {
    return refuse(c, A, who, 'no_email', AuthRules.emailNotConfigured)
  }
  if (stage === 'verify_code') {
    const minutes = await takeHit(c.db, LIMITS.codeMailPerAccount, String(user.id), now)
    if (minutes > 0) {
      return refuse(c, A, who, 'code_throttled', CommonRules.tooManyRequests, { minutes })
    }
  }
  const meta = { ip: c.ip, userAgent }
  const { token, expiresAt, sessionId } = await openSession(deps, user.id, stage, meta)
  if (stage === 'verify_code' && hasEmail(user)) {
    if (!(await sendNewSigninCode(c, deps, user, hashToken(token)))) {
      // Without its code the session is useless: do not leave it open.
      await revokeSession(deps, sessionId)
      return refuse(c, A, who, 'code_not_sent', AuthRules.sendMailFailed)
    }
  }
  await audit(c, {
    action: A,
    target: `user:${user.id}`,
    detail: { result: 'success', stage, ...(addressOverLimit ? { addressThrottled: true } : {}) },
    ...who,
  })
  return loginAnswer(deps, token, stage, expiresAt, user)
}

/** The signed-in caller, for the audit rows of session and sign-in-step calls. */
function caller(me: SignedIn) {
  return { userId: me.user.id, loginName: me.user.loginName }
}

/** Refuses a sign-in-step call made at another step (e.g. a code while a change is due). */
export async function requireStage(
  c: ServiceContext,
  me: SignedIn,
  action: AuditAction,
  stage: SessionStage,
) {
  if (me.session.stage !== stage) {
    await refuse(c, action, caller(me), 'wrong_step', AuthRules.wrongStep)
  }
}

/**
 * Checks the e-mailed code. Wrong guesses are counted on the code (outside any transaction, so
 * a refusal cannot roll the count back); the fifth wrong guess burns it.
 */
export async function verifyCode(
  c: ServiceContext,
  deps: Deps,
  me: SignedIn,
  code: string,
): Promise<LoginAnswer> {
  const A = 'auth.verifyCode'
  await requireStage(c, me, A, 'verify_code')
  const { session, user } = me
  const now = c.clock.now()
  const who = caller(me)
  const secret = await latestSecret(c.db, user.id, 'signin_code')
  if (!secret || secret.expiresAt <= now) {
    return refuse(c, A, who, 'expired', AuthRules.codeExpired)
  }
  // The guess is counted before it is compared, in one conditional UPDATE: of any burst at
  // most CODE_MAX_ATTEMPTS guesses are compared (issue 7, item 3).
  const attempt = await claimAttempt(c.db, secret.id, CODE_MAX_ATTEMPTS)
  if (attempt === null) {
    return refuse(c, A, who, 'attempts_exceeded', AuthRules.codeAttemptsExceeded)
  }
  if (hashToken(`${session.tokenHash}:${code}`) !== secret.secretHash) {
    return attempt >= CODE_MAX_ATTEMPTS
      ? refuse(c, A, who, 'attempts_exceeded', AuthRules.codeAttemptsExceeded)
      : refuse(c, A, who, 'incorrect', AuthRules.codeIncorrect)
  }
  if (!(await consumeSecret(c.db, secret.id, now))) {
    return refuse(c, A, who, 'expired', AuthRules.codeExpired)
  }
  await setSessionStage(deps, session.id, 'full')
  await audit(c, { action: A, target: `user:${user.id}`, detail: { result: 'success' }, ...who })
  return loginAnswer(deps, me.token, 'full', session.expiresAt, user)
}

/** Sends a new sign-in code (the old one stops working), at most once a minute. */
export async function resendCode(c: ServiceContext, deps: Deps, me: SignedIn): Promise<void> {
  const A = 'auth.sendCode'
  await requireStage(c, me, A, 'verify_code')
  const { session, user } = me
  const who = caller(me)
  const last = await latestSecret(c.db, user.id, 'signin_code')
  if (last) {
    const wait = Math.ceil(
      (last.createdAt.getTime() + CODE_RESEND_SECONDS * 1000 - c.clock.now().getTime()) / 1000,
    )
    if (wait > 0)
      return refuse(c, A, who, 'too_soon', AuthRules.codeResendTooSoon, { seconds: wait })
  }
  if (!hasEmail(user)) return refuse(c, A, who, 'no_email', AuthRules.emailNotConfigured)
  const minutes = await takeHit(c.db, LIMITS.codeMailPerAccount, String(user.id), c.clock.now())
  if (minutes > 0) return refuse(c, A, who, 'throttled', CommonRules.tooManyRequests, { minutes })
  if (!(await sendNewSigninCode(c, deps, user, session.tokenHash))) {
    return refuse(c, A, who, 'not_sent', AuthRules.sendMailFailed)
  }
  await audit(c, { action: A, target: `user:${user.id}`, detail: { result: 'sent' }, ...who })
}

export async function logout(c: ServiceContext, deps: Deps, me: SignedIn): Promise<void> {
  await revokeSession(deps, me.session.id)
  await audit(c, { action: 'auth.logout', target: `user:${me.user.id}` })
}
