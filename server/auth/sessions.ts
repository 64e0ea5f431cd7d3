import { and, eq, gt, isNull, ne } from 'drizzle-orm'
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
 * false (a background call), the idle clock starts again.
 */
export async function resolveSession(
  deps: Deps,
  token: string,
  touch: boolean,
): Promise<{ session: SessionRow; user: UserRow } | null> {
  const now = deps.clock.now()
  const [row] = await deps.db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .limit(1)
  if (!row || !row.user.active) return null
  if (touch) {
    const expiresAt = new Date(now.getTime() + deps.config.SESSION_IDLE_SECONDS * 1000)
    await deps.db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt })
      .where(eq(sessions.id, row.session.id))
    row.session.expiresAt = expiresAt
    row.session.lastSeenAt = now
  }
  return row
}

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
