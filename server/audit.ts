import type { Context } from 'hono'
import { auditLog } from './db/schema'
import type { Db } from './db/client'
import type { AppEnv } from './http/context'

export interface AuditEntry {
  action: string
  target?: string
  detail?: Record<string, unknown>
  /** For sign-in attempts, where no actor is set yet. */
  userId?: number | null
  loginName?: string | null
}

/**
 * Writes one audit row: who (the actor, or the named user for sign-in), what, when, from
 * where. Pass `db` to write inside the caller's transaction.
 */
export async function audit(
  c: Context<AppEnv>,
  entry: AuditEntry,
  db: Db = c.var.deps.db,
): Promise<void> {
  const actor = c.get('actor')
  await db.insert(auditLog).values({
    at: c.var.deps.clock.now(),
    userId: entry.userId !== undefined ? entry.userId : (actor?.userId ?? null),
    loginName: entry.loginName !== undefined ? entry.loginName : (actor?.loginName ?? null),
    action: entry.action,
    target: entry.target ?? '',
    detail: entry.detail ?? {},
    ip: c.var.ip,
    requestId: c.var.requestId,
  })
}
