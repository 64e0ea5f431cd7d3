import { and, asc, eq, isNotNull, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { sendRecords } from '../db/schema'

/** The outbox as the DevOps page shows it: what waits for a retry, and why. */
export interface OutboxFigures {
  /** Mails queued again after a failed attempt, waiting for their next try. */
  retrying: number
  /** The soonest of their next tries, ISO; null when none waits. */
  nextTryAt: string | null
  /** The last failed attempt's answer of the mail tried next (why it waits). */
  lastError: string | null
}

export async function outboxFigures(db: Db): Promise<OutboxFigures> {
  const waiting = and(eq(sendRecords.status, 'queued'), isNotNull(sendRecords.nextAttemptAt))
  const [counted] = await db
    .select({ retrying: sql<number>`count(*)::int` })
    .from(sendRecords)
    .where(waiting)
  const [next] = await db
    .select({ at: sendRecords.nextAttemptAt, error: sendRecords.error })
    .from(sendRecords)
    .where(waiting)
    .orderBy(asc(sendRecords.nextAttemptAt))
    .limit(1)
  return {
    retrying: Number(counted?.retrying ?? 0),
    nextTryAt: next?.at ? next.at.toISOString() : null,
    lastError: next?.error ?? null,
  }
}
