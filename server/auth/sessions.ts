import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm'
import { preparedPerDb } from '../db/client'
import type { Deps } from '../deps'
import { sessions, users } from '../db/schema'
import { hashToken, newToken } from './tokens'

export type SessionStage = 'full' | 'verify_code' | 'change_password'

export type SessionRow = typeof sessions.$inferSelect
export type UserRow = typeof users.$inferSelect

/** Opens a session for the user and returns the token (shown once, never stored). */
export async function openSession(
  deps: Deps,
  userId: number,
  stage: SessionStage,
  meta: { ip?: string; userAgent?: string },
): Promise<{ token: string; expiresAt: Date; sessionId: number }> {
  const { token, hash } = newToken()
  const now = deps.clock.now()
  const expiresAt = new Date(now.getTime() + deps.config.SESSION_IDLE_SECONDS * 1000)
  const [row] = await deps.db
    .insert(sessions)
    .values({
      tokenHash: hash,
      userId,
      stage,
      ip: meta.ip ?? null,
      userAgent: meta.userAgent ?? null,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
    })
    .returning({ id: sessions.id })
  return { token, expiresAt, sessionId: row.id }
}

/**
 * The live session for a token, or null (unknown, revoked or idle-expired). Unless `touch` is
 * false (a background call), the idle clock starts again — written at most once every
 * `touchInterval` seconds per session (see below).
 */
export async function resolveSession(
  deps: Deps,
  token: string,
  touch: boolean,
): Promise<{ session: SessionRow; user: UserRow } | null> {
  const now = deps.clock.now()
  // Placeholder values reach the driver as given: timestamps as ISO text, as Drizzle sends them.
  const [row] = await lookupStatement(deps.db).execute({
    hash: hashToken(token),
    now: now.toISOString(),
  })
  if (!row) return null
  const idleSeconds = deps.config.SESSION_IDLE_SECONDS
  if (touch && now.getTime() - row.session.lastSeenAt.getTime() >= touchInterval(idleSeconds)) {
    const expiresAt = new Date(now.getTime() + idleSeconds * 1000)
    await touchStatement(deps.db).execute({
      id: row.session.id,
      now: now.toISOString(),
      expiresAt: expiresAt.toISOString(),
    })
    row.session = { ...row.session, lastSeenAt: now, expiresAt }
  }
  return row
}

/**
 * How often (ms) a session's idle clock is written: at most every 30 s, and at most a tenth of
 * the idle time. Writing it on every call made every authorised request a committed write,
 * all of one session's requests queueing on its row lock (the throughput bench's sessions,
 * docs/performance.md). The cost: a session may end up to this long before "last call + idle
 * time" (30 s of the default 900 s); the console's warning and /flushTokenTime, which always
 * writes, are unchanged.
 */
export const touchInterval = (idleSeconds: number) => Math.min(30, idleSeconds / 10) * 1000

// Both run on authorised calls: prepared once per database (on PostgreSQL a named statement,
// parsed and planned once per connection) instead of built for each request.
const lookupStatement = preparedPerDb((db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('hash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        eq(users.active, true),
      ),
    )
    .limit(1)
    .prepare('session_lookup'),
)

const touchStatement = preparedPerDb((db) =>
  db
    .update(sessions)
    .set({
      lastSeenAt: sql`${sql.placeholder('now')}`,
      expiresAt: sql`${sql.placeholder('expiresAt')}`,
    })
    .where(and(eq(sessions.id, sql.placeholder('id')), isNull(sessions.revokedAt)))
    .prepare('session_touch'),
)

export async function revokeSession(deps: Deps, sessionId: number): Promise<void> {
  await deps.db
    .update(sessions)
    .set({ revokedAt: deps.clock.now() })
    .where(eq(sessions.id, sessionId))
}

/** Promotes a sign-in session to the next stage (e.g. after the verification code). */
export async function setSessionStage(
  deps: Deps,
  sessionId: number,
  stage: SessionStage,
): Promise<void> {
  await deps.db.update(sessions).set({ stage }).where(eq(sessions.id, sessionId))
}

/** Ends every session of a user (password changed or reset). */
export async function revokeUserSessions(deps: Deps, userId: number): Promise<void> {
  await deps.db
    .update(sessions)
    .set({ revokedAt: deps.clock.now() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
}

/** Starts the idle clock again (the explicit "stay signed in" call); returns the new expiry. */
export async function extendSession(deps: Deps, sessionId: number): Promise<Date> {
  const now = deps.clock.now()
  const expiresAt = new Date(now.getTime() + deps.config.SESSION_IDLE_SECONDS * 1000)
  await deps.db
    .update(sessions)
    .set({ lastSeenAt: now, expiresAt })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
  return expiresAt
}

/** Ends every session of a user but the caller's own (the user changed their password). */
export async function revokeOtherSessions(
  deps: Deps,
  userId: number,
  keepSessionId: number,
): Promise<void> {
  await deps.db
    .update(sessions)
    .set({ revokedAt: deps.clock.now() })
    .where(
      and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keepSessionId)),
    )
}
