import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import { formatMoney } from '../../../src/lib/money'
import {
  mailEventSpec,
  sampleVariables,
  type MailEvent,
  type MailRecordKind,
} from '../../../src/lib/mailEvents'
import { fromBps } from '../../../src/resources/cardGroups'
import { merchantScope, reachOf, tenantScope, userColumns, type Reach } from '../../auth/scope'
import type { Db } from '../../db/client'
import {
  cardGroupRules,
  cardGroups,
  merchantRegistrations,
  merchants,
  users,
} from '../../db/schema'
import { availableBalance } from '../../ledger/postings'
import type { ServiceContext } from '../../resources/context'
import { poolAccount } from '../card-groups/queries'

/**
 * The real records a preview may take its values from, limited to the caller's reach: users
 * (password reset, sign-in code, activation), merchant registrations, shared card groups.
 * Secrets a real mail would carry (reset links, codes) are never made for a preview: those
 * variables keep their sample values.
 */

/** How many records the picker offers at once; a keyword narrows them. */
const RECORD_CHOICES = 20

export interface RecordChoice {
  id: number
  label: string
}

/** Registrations have no owner yet: only the platform reaches them. */
const registrationsInReach = (reach: Reach): SQL | undefined =>
  reach.kind === 'platform' ? undefined : sql`false`

const groupsInReach = (reach: Reach) =>
  merchantScope(reach, { merchantId: cardGroups.merchantId, companyId: cardGroups.companyId })

const like = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

async function reachOfCaller(ctx: ServiceContext): Promise<Reach> {
  // Preview is a screen's call: there is always an actor.
  return reachOf(ctx.db, ctx.actor!)
}

/** Up to RECORD_CHOICES records of the kind an event's preview takes, newest first. */
export async function recordChoices(
  ctx: ServiceContext,
  kind: MailRecordKind,
  keyword: string,
): Promise<RecordChoice[]> {
  const reach = await reachOfCaller(ctx)
  const db = ctx.db
  if (kind === 'user') {
    const rows = await db
      .select({ id: users.id, loginName: users.loginName, nickName: users.nickName })
      .from(users)
      .where(
        and(
          tenantScope(reach, userColumns),
          keyword
            ? or(ilike(users.loginName, like(keyword)), ilike(users.nickName, like(keyword)))
            : undefined,
        ),
      )
      .orderBy(users.loginName)
      .limit(RECORD_CHOICES)
    return rows.map((r) => ({
      id: r.id,
      label: r.nickName ? `${r.loginName} (${r.nickName})` : r.loginName,
    }))
  }
  if (kind === 'registration') {
    const r = merchantRegistrations
    const rows = await db
      .select({ id: r.id, companyName: r.companyName, contactName: r.contactName })
      .from(r)
      .where(
        and(
          registrationsInReach(reach),
          keyword
            ? or(ilike(r.companyName, like(keyword)), ilike(r.contactName, like(keyword)))
            : undefined,
        ),
      )
      .orderBy(desc(r.id))
      .limit(RECORD_CHOICES)
    return rows.map((x) => ({ id: x.id, label: `#${x.id} ${x.companyName} (${x.contactName})` }))
  }
  const rows = await db
    .select({ id: cardGroups.id, name: cardGroups.name, merchant: merchants.name })
    .from(cardGroups)
    .innerJoin(merchants, eq(merchants.id, cardGroups.merchantId))
    .where(and(groupsInReach(reach), keyword ? ilike(cardGroups.name, like(keyword)) : undefined))
    .orderBy(desc(cardGroups.id))
    .limit(RECORD_CHOICES)
  return rows.map((g) => ({ id: g.id, label: `${g.name} (${g.merchant})` }))
}

/**
 * The values of `event` taken from record `id`, when the caller reaches it; undefined when it
 * does not exist or is out of reach (the caller cannot tell which). Variables the record does
 * not hold keep their samples.
 */
export async function recordVariables(
  ctx: ServiceContext,
  event: MailEvent,
  id: number,
): Promise<Record<string, string | number> | undefined> {
  const kind = mailEventSpec(event).record
  if (!kind) return undefined
  const reach = await reachOfCaller(ctx)
  const values = sampleVariables(event)
  const db: Db = ctx.db
  if (kind === 'user') {
    const [u] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, id), tenantScope(reach, userColumns)))
    if (!u) return undefined
    return {
      ...values,
      name: u.nickName || u.loginName,
      ...('loginName' in values ? { loginName: u.loginName } : {}),
    }
  }
  if (kind === 'registration') {
    const [r] = await db
      .select()
      .from(merchantRegistrations)
      .where(and(eq(merchantRegistrations.id, id), registrationsInReach(reach)))
    if (!r) return undefined
    return {
      ...values,
      name: r.contactName,
      companyName: r.companyName,
      registrationId: r.id,
      ...('reason' in values && r.rejectedReason ? { reason: r.rejectedReason } : {}),
    }
  }
  const [row] = await db
    .select({ group: cardGroups, rule: cardGroupRules, merchant: merchants.name })
    .from(cardGroups)
    .innerJoin(cardGroupRules, eq(cardGroupRules.id, cardGroups.ruleId))
    .innerJoin(merchants, eq(merchants.id, cardGroups.merchantId))
    .where(and(eq(cardGroups.id, id), groupsInReach(reach)))
  if (!row) return undefined
  const pool = await poolAccount(db, row.group.id, row.group.currency)
  return {
    ...values,
    name: row.group.name,
    merchant: row.merchant,
    available: formatMoney(pool ? availableBalance(pool) : 0, row.group.currency),
    deposit: formatMoney(row.group.deposit, row.group.currency),
    threshold: fromBps(row.rule.warningThresholdBps),
  }
}
