import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { requestThrottles } from '../db/schema'
import { BizError, CommonRules } from '../http/errors'

/**
 * Fixed-window limits kept in the database, so they hold across instances and restarts
 * (issue 7, items 2, 3 and 10). A hit is taken in one INSERT … ON CONFLICT DO UPDATE: of any
 * burst, exactly the first `max` get through, however many arrive at once.
 */
export interface Limit {
  name: string
  max: number
  windowSeconds: number
}

export const LIMITS = {
  /**
   * Failed sign-ins per caller address: counted after a guess fails, never before. Past it, a
   * failing guess answers 429 and a right password still signs in, through the e-mailed code
   * when the account has an e-mail (docs/auth.md, "Failures from one address").
   */
  signinPerAddress: { name: 'signin.address', max: 20, windowSeconds: 15 * 60 },
  /** Reset and registration e-mails asked for from one address. */
  mailPerAddress: { name: 'mail.address', max: 20, windowSeconds: 60 * 60 },
  /** Password reset links sent to one account. */
  resetMailPerAccount: { name: 'mail.reset.account', max: 5, windowSeconds: 60 * 60 },
  /** Sign-in codes sent to one account (each sign-in with e-mail verification sends one). */
  codeMailPerAccount: { name: 'mail.code.account', max: 10, windowSeconds: 60 * 60 },
  /** Registration acknowledgements sent to one e-mail address. */
  registrationMailPerAddress: { name: 'mail.registration.to', max: 3, windowSeconds: 60 * 60 },
} as const satisfies Record<string, Limit>

const keyOf = (limit: Limit, subject: string) => `${limit.name}:${subject.toLowerCase()}`

/**
 * Takes one hit of `limit` for `subject`. Returns 0 when it is within the limit, otherwise the
 * whole minutes until the window ends (at least 1).
 */
export async function takeHit(db: Db, limit: Limit, subject: string, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - limit.windowSeconds * 1000).toISOString()
  const at = now.toISOString()
  const t = requestThrottles
  const expired = sql`${t.windowStart} <= ${cutoff}::timestamptz`
  const [row] = await db
    .insert(t)
    .values({ key: keyOf(limit, subject), windowStart: now, hits: 1 })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${t.hits} + 1 end`,
        windowStart: sql`case when ${expired} then ${at}::timestamptz else ${t.windowStart} end`,
      },
    })
    .returning({ hits: t.hits, windowStart: t.windowStart })
  if (row.hits <= limit.max) return 0
  const ends = row.windowStart.getTime() + limit.windowSeconds * 1000
  return Math.max(1, Math.ceil((ends - now.getTime()) / 60_000))
}

/** Takes a hit, refusing with 429 (code 429) when the limit is reached. */
export async function requireHit(db: Db, limit: Limit, subject: string, now: Date) {
  const minutes = await takeHit(db, limit, subject, now)
  if (minutes > 0) throw new BizError(CommonRules.tooManyRequests, { minutes })
}

/**
 * Minutes until `subject` may take hits of `limit` again, without taking one: 0 while the
 * window still has room. Sign-in reads its address's failures with it before a password is
 * checked (a failure is counted only once it has happened).
 */
export async function waitOf(db: Db, limit: Limit, subject: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ hits: requestThrottles.hits, windowStart: requestThrottles.windowStart })
    .from(requestThrottles)
    .where(eq(requestThrottles.key, keyOf(limit, subject)))
  if (!row || row.hits < limit.max) return 0
  const ends = row.windowStart.getTime() + limit.windowSeconds * 1000
  if (ends <= now.getTime()) return 0
  return Math.max(1, Math.ceil((ends - now.getTime()) / 60_000))
}
