import type { Context } from 'hono'
import { sql, type SQL } from 'drizzle-orm'
import type { AuditAction } from '../src/lib/auditActions'
import { isAuditTarget } from '../src/lib/auditTargets'
import {
  accountRequests,
  auditLog,
  cardGroups,
  cardholders,
  cardRequests,
  cards,
  merchants,
  users,
} from './db/schema'
import type { Db } from './db/client'
import type { AppEnv } from './http/context'
import { toServiceContext, type ServiceContext } from './resources/context'

export interface AuditEntry {
  /** One of the catalogue's: the console names each in both languages. */
  action: AuditAction
  /** `<type>:<id>` (src/lib/auditTargets.ts), or empty when the row is about no object. */
  target?: string
  /** For a change: `{ before, after }` with the fields that changed (the audit screen's diff). */
  detail?: Record<string, unknown>
  /** For sign-in attempts, where no actor is set yet. */
  userId?: number | null
  loginName?: string | null
  /**
   * The object's merchant and company, when the object is gone by the time the row is written
   * (a delete). Otherwise they are read from the target (`OWNED`).
   */
  owner?: { merchantId?: number | null; companyId?: number | null }
}

/** Objects that belong to one merchant: where their merchant is read from (by target type). */
const OWNED = {
  card: cards,
  cardholder: cardholders,
  'card-group': cardGroups,
  'card-request': cardRequests,
  'account-request': accountRequests,
} as const

const companyOfMerchant = (merchantId: SQL | number) =>
  sql`(select ${merchants.companyId} from ${merchants} where ${merchants.id} = ${merchantId})`

/** The merchant and company of the object `target` names, as SQL read in the insert. */
function objectOwner(target: string, owner: AuditEntry['owner']) {
  const [type, raw] = target.split(':')
  const id = Number(raw)
  if (owner) {
    const m = owner.merchantId ?? null
    return {
      objectMerchantId: m,
      objectCompanyId: owner.companyId ?? (m === null ? null : companyOfMerchant(m)),
    }
  }
  if (!Number.isSafeInteger(id)) return {}
  if (type === 'merchant') return { objectMerchantId: id, objectCompanyId: companyOfMerchant(id) }
  if (type === 'company') return { objectCompanyId: id }
  if (type === 'user') return { ...userOwner(id, 'object') }
  const table = OWNED[type as keyof typeof OWNED]
  if (!table) return {}
  const m = sql`(select ${table.merchantId} from ${table} where ${table.id} = ${id})`
  return { objectMerchantId: m, objectCompanyId: companyOfMerchant(m) }
}

/** A user's merchant and company (a merchant user's company is its merchant's). */
function userOwner(userId: number, as: 'actor' | 'object') {
  const merchant = sql`(select ${users.merchantId} from ${users} where ${users.id} = ${userId})`
  const company = sql`(select coalesce(${merchants.companyId}, ${users.companyId}) from ${users}
    left join ${merchants} on ${merchants.id} = ${users.merchantId} where ${users.id} = ${userId})`
  return as === 'actor'
    ? { actorMerchantId: merchant, actorCompanyId: company }
    : { objectMerchantId: merchant, objectCompanyId: company }
}

/**
 * Writes one audit row: who (the actor, or the named user for sign-in), what, when, from
 * where, and the tenancy of the actor and of the object (docs/audit.md). Pass `db` to write
 * inside the caller's transaction. Takes the plain service context (jobs, webhooks) or, while
 * call sites move over, the Hono context. A target off the convention is a programming error.
 */
export async function audit(
  from: Context<AppEnv> | ServiceContext,
  entry: AuditEntry,
  db?: Db,
): Promise<void> {
  const ctx = toServiceContext(from)
  const actor = ctx.actor
  const target = entry.target ?? ''
  if (!isAuditTarget(target)) throw new Error(`audit target off the convention: ${target}`)
  const userId = entry.userId !== undefined ? entry.userId : (actor?.userId ?? null)
  await (db ?? ctx.db).insert(auditLog).values({
    at: ctx.clock.now(),
    userId,
    loginName: entry.loginName !== undefined ? entry.loginName : (actor?.loginName ?? null),
    action: entry.action,
    target,
    detail: entry.detail ?? {},
    ip: ctx.ip ?? null,
    requestId: ctx.requestId,
    ...(userId === null ? {} : userOwner(userId, 'actor')),
    ...(target ? objectOwner(target, entry.owner) : {}),
  })
}
