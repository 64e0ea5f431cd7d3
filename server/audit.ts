import type { Context } from 'hono'
import type { AuditAction } from '../src/lib/auditActions'
import { auditLog } from './db/schema'
import type { Db } from './db/client'
import type { AppEnv } from './http/context'
import { toServiceContext, type ServiceContext } from './resources/context'

export interface AuditEntry {
  /** One of the catalogue's: the console names each in both languages. */
  action: AuditAction
  target?: string
  detail?: Record<string, unknown>
  /** For sign-in attempts, where no actor is set yet. */
  userId?: number | null
  loginName?: string | null
}

/**
 * Writes one audit row: who (the actor, or the named user for sign-in), what, when, from
 * where. Pass `db` to write inside the caller's transaction. Takes the plain service context
 * (jobs, webhooks) or, while call sites move over, the Hono context.
 */
export async function audit(
  from: Context<AppEnv> | ServiceContext,
  entry: AuditEntry,
  db?: Db,
): Promise<void> {
  const ctx = toServiceContext(from)
  const actor = ctx.actor
  await (db ?? ctx.db).insert(auditLog).values({
    at: ctx.clock.now(),
    userId: entry.userId !== undefined ? entry.userId : (actor?.userId ?? null),
    loginName: entry.loginName !== undefined ? entry.loginName : (actor?.loginName ?? null),
    action: entry.action,
    target: entry.target ?? '',
    detail: entry.detail ?? {},
    ip: ctx.ip ?? null,
    requestId: ctx.requestId,
  })
}
