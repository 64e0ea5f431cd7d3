import { and, eq, getTableColumns, gt, isNull, ne } from 'drizzle-orm'
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
  const live = and(
    eq(sessions.tokenHash, hashToken(token)),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
    eq(users.active, true),
  )
  if (!touch) {
    const [row] = await deps.db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(live)
      .limit(1)
    return row ?? null
  }
  // Lookup and touch in one statement: one round trip on every authorised call (throughput).
  const expiresAt = new Date(now.getTime() + deps.config.SESSION_IDLE_SECONDS * 1000)
  const [row] = await deps.db
    .update(sessions)
    .set({ lastSeenAt: now, expiresAt })
    .from(users)
    .where(and(eq(users.id, sessions.userId), live))
    .returning({ ...SESSION_FIELDS, ...USER_FIELDS })
  return row ? split(row) : null
}

// Both tables have `id`: their columns are returned under prefixed names and split again.
const SESSION_FIELDS = prefixed('s_', getTableColumns(sessions))
const USER_FIELDS = prefixed('u_', getTableColumns(users))

function prefixed<T extends Record<string, unknown>>(prefix: string, columns: T) {
  return Object.fromEntries(Object.entries(columns).map(([k, v]) => [prefix + k, v])) as {
    [K in keyof T & string as `${typeof prefix}${K}`]: T[K]
  }
}

function split(row: Record<string, unknown>): { session: SessionRow; user: UserRow } {
  const session: Record<string, unknown> = {}
  const user: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(row)) {
    if (k.startsWith('s_')) session[k.slice(2)] = v
    else user[k.slice(2)] = v
  }
  return { session: session as SessionRow, user: user as UserRow }
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
