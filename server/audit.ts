import type { Context } from 'hono'
import { sql, type SQL } from 'drizzle-orm'
import type { AuditAction } from '../src/lib/auditActions'
import { REFERENCE_FIELDS } from '../src/lib/auditChanges'
import { isAuditTarget, parseAuditTarget, type AuditObjectType } from '../src/lib/auditTargets'
import {
  accountRequests,
  auditLog,
  cardBins,
  cardGroupRules,
  cardGroups,
  cardholders,
  cardRequests,
  cards,
  channelAccounts,
  channels,
  companies,
  dictDetails,
  dicts,
  emailAccounts,
  emailTemplates,
  menus,
  merchantRegistrations,
  merchants,
  parameters,
  roles,
  users,
} from './db/schema'
import type { Db } from './db/client'
import type { AppEnv } from './http/context'
import { isRecordedRefusal, type BizError } from './http/errors'
import type { Permission } from './auth/permissions'
import { refusalOf } from '../src/lib/refusal'
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
  /**
   * The object's name as of the event, when it cannot be read from the target any more (a
   * delete: the row is gone). Otherwise it is read from the target (`NAMES`).
   */
  targetName?: string | null
  /** `refused` for a refused attempt (`auditRefusal`); a done action otherwise. */
  outcome?: 'done' | 'refused'
}

/**
 * How each object type is named (docs/audit.md, "Names"): read from its row in the insert, so the
 * row keeps the name the object had when it was written. Types named by their id (a screen's
 * route name, a menu) are labelled by the console; the rest have no name beyond their id.
 */
const NAMES: Partial<Record<AuditObjectType, (id: number) => SQL>> = {
  role: (id) => sql`(select ${roles.name} from ${roles} where ${roles.id} = ${id})`,
  user: (id) => sql`(select ${users.loginName} from ${users} where ${users.id} = ${id})`,
  card: (id) =>
    sql`(select case when ${cards.last4} = '' then null else '••' || ${cards.last4} end
      from ${cards} where ${cards.id} = ${id})`,
  cardholder: (id) =>
    sql`(select ${cardholders.firstName} || ' ' || ${cardholders.lastName} from ${cardholders}
      where ${cardholders.id} = ${id})`,
  merchant: (id) => sql`(select ${merchants.name} from ${merchants} where ${merchants.id} = ${id})`,
  company: (id) => sql`(select ${companies.name} from ${companies} where ${companies.id} = ${id})`,
  'card-group': (id) =>
    sql`(select ${cardGroups.name} from ${cardGroups} where ${cardGroups.id} = ${id})`,
  'card-rule': (id) =>
    sql`(select ${cardGroupRules.name} from ${cardGroupRules} where ${cardGroupRules.id} = ${id})`,
  'card-bin': (id) => sql`(select ${cardBins.bin} from ${cardBins} where ${cardBins.id} = ${id})`,
  channel: (id) => sql`(select ${channels.name} from ${channels} where ${channels.id} = ${id})`,
  'channel-account': (id) =>
    sql`(select ${channelAccounts.bankName} || ' · ' || ${channelAccounts.accountName}
      from ${channelAccounts} where ${channelAccounts.id} = ${id})`,
  'email-account': (id) =>
    sql`(select ${emailAccounts.address} from ${emailAccounts} where ${emailAccounts.id} = ${id})`,
  'email-template': (id) =>
    sql`(select ${emailTemplates.name} from ${emailTemplates} where ${emailTemplates.id} = ${id})`,
  param: (id) => sql`(select ${parameters.name} from ${parameters} where ${parameters.id} = ${id})`,
  dict: (id) => sql`(select ${dicts.name} from ${dicts} where ${dicts.id} = ${id})`,
  'dict-value': (id) =>
    sql`(select ${dictDetails.name} from ${dictDetails} where ${dictDetails.id} = ${id})`,
  menu: (id) => sql`(select ${menus.name} from ${menus} where ${menus.id} = ${id})`,
  registration: (id) =>
    sql`(select ${merchantRegistrations.companyName} from ${merchantRegistrations}
      where ${merchantRegistrations.id} = ${id})`,
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/**
 * A change's detail: only the fields whose value differs, before and after (a list compared
 * as a whole; the console shows what was added to and removed from it).
 */
export function changedFields<T extends object>(
  before: T,
  after: T,
): { before: Partial<T>; after: Partial<T> } {
  const b = before as Record<string, unknown>
  const a = after as Record<string, unknown>
  const names = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter(
    (k) => !same(b[k], a[k]),
  )
  return {
    before: Object.fromEntries(names.map((k) => [k, b[k] ?? null])) as Partial<T>,
    after: Object.fromEntries(names.map((k) => [k, a[k] ?? null])) as Partial<T>,
  }
}

/** The name of the object `target` names, as SQL read in the insert; null when it has none. */
function objectName(target: string): SQL | null {
  const object = parseAuditTarget(target)
  if (!object) return null
  const id = Number(object.id)
  const name = NAMES[object.type]
  return name && Number.isSafeInteger(id) ? name(id) : null
}

/** The names of objects now, by target; one query for all of them. */
async function namesNow(db: Db, targets: string[]): Promise<Record<string, string>> {
  const named = targets.flatMap((target) => {
    const name = objectName(target)
    return name ? [{ target, name }] : []
  })
  if (!named.length) return {}
  const columns = sql.join(
    named.map((n, i) => sql`${n.name} as ${sql.identifier(`n${i}`)}`),
    sql`, `,
  )
  const result = await db.execute(sql`select ${columns}`)
  const [row] = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
    string,
    string | null
  >[]
  return Object.fromEntries(
    named.flatMap((n, i) => (row?.[`n${i}`] != null ? [[n.target, String(row[`n${i}`])]] : [])),
  )
}

/** The object's name now, for a writer about to delete it (`AuditEntry.targetName`). */
export async function auditTargetName(db: Db, target: string): Promise<string | null> {
  return (await namesNow(db, [target]))[target] ?? null
}

/** The objects a change's fields refer to by id (`REFERENCE_FIELDS`), as targets. */
function referencedTargets(detail: Record<string, unknown>): string[] {
  const found = new Set<string>()
  for (const side of [detail.before, detail.after]) {
    if (!side || typeof side !== 'object') continue
    for (const [field, value] of Object.entries(side)) {
      const type = REFERENCE_FIELDS[field]
      if (!type) continue
      for (const id of Array.isArray(value) ? value : [value])
        if (Number.isSafeInteger(id)) found.add(`${type}:${id}`)
    }
  }
  return [...found]
}

/**
 * A change's detail with the names of the objects its fields refer to, as they are now (the
 * moment of the event): `names: { "merchant:3": "Skyline Air Tickets" }`.
 */
async function withNames(db: Db, detail: Record<string, unknown>) {
  const targets = referencedTargets(detail)
  if (!targets.length) return detail
  const names = await namesNow(db, targets)
  return Object.keys(names).length ? { ...detail, names } : detail
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
  const writer = db ?? ctx.db
  const detail = await withNames(writer, entry.detail ?? {})
  await writer.insert(auditLog).values({
    at: ctx.clock.now(),
    userId,
    loginName: entry.loginName !== undefined ? entry.loginName : (actor?.loginName ?? null),
    action: entry.action,
    target,
    detail,
    ip: ctx.ip ?? null,
    requestId: ctx.requestId,
    ...(userId === null ? {} : userOwner(userId, 'actor')),
    ...(target ? objectOwner(target, entry.owner) : {}),
    targetName: entry.targetName !== undefined ? entry.targetName : objectName(target),
    outcome: entry.outcome ?? 'done',
  })
}

/** The screen a refusal happened on: the one it names, else the one the route belongs to. */
function refusedScreen(c: Context<AppEnv>, err: BizError): string | null {
  const refusal = refusalOf(err.data)
  const permission = c.var.permission as Permission | undefined
  const code =
    refusal?.kind === 'menu'
      ? refusal.menu
      : refusal?.kind === 'button'
        ? refusal.button
        : permission?.kind === 'menu'
          ? permission.menu
          : permission?.kind === 'button'
            ? permission.button
            : null
  return code ? code.split(':')[0] : null
}

/**
 * Records a refused attempt (docs/audit.md, "Refusals"): who, on which screen, which button,
 * which code and its message's parameters, as a row with outcome `refused`. Called by the
 * error handler, after the call's own transaction has rolled back, with the root connection:
 * the row stays. One row per refused call (a caller cannot make more rows than calls), only for
 * signed-in callers and rules that refuse rights or reach (`isRecordedRefusal`). A failure to
 * record never changes the answer.
 */
export async function auditRefusal(c: Context<AppEnv>, err: BizError): Promise<void> {
  const actor = c.var.actor as AppEnv['Variables']['actor'] | undefined
  if (!actor || !isRecordedRefusal(err.rule)) return
  const screen = refusedScreen(c, err)
  const refusal = refusalOf(err.data)
  const permission = c.var.permission as Permission | undefined
  const button =
    refusal?.kind === 'button'
      ? refusal.button
      : permission?.kind === 'button'
        ? permission.button
        : undefined
  try {
    await audit(c, {
      action: 'access.refused',
      target: screen ? `screen:${screen}` : '',
      outcome: 'refused',
      detail: {
        code: err.rule.code,
        message: err.rule.key,
        params: err.params,
        ...(button ? { button } : {}),
        ...(refusal ? { refusal } : {}),
      },
    })
  } catch (e) {
    c.var.deps.log.error('refusal not recorded', {
      requestId: c.var.requestId,
      code: err.rule.code,
      error: e instanceof Error ? e.message : String(e),
    })
  }
}
