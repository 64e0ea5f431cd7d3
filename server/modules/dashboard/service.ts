import { and, asc, desc, eq, gte, lt, notInArray, notLike, or, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { AuditAction } from '../../../src/lib/auditActions'
import { currencyExponent, roundHalfEven } from '../../../src/lib/money'
import type { DashboardRequest, DashboardSummary } from '../../../src/resources/dashboard'
import { merchantScope, reachOf, tenantScope, userColumns, type Reach } from '../../auth/scope'
import {
  auditLog,
  cardGroupRules,
  cardGroups,
  cardTransactions,
  cards,
  fxRates,
  ledgerAccounts,
  merchants,
  users,
} from '../../db/schema'
import { parseRate } from '../../ledger/fx'
import type { ServiceContext } from '../../resources/context'
import { currencyTotals } from '../accounts/requests'
import { belowThreshold, thresholdAmount } from '../card-groups/pool'
import { groupScope, poolJoin } from '../card-groups/queries'
import { shownStatus } from '../cards/expired'

/**
 * The dashboard's figures (`index`). Each one is what a list shows for the same filter, counted
 * here in one query instead of by paging: the balance estimate is accounts-balance's totals per
 * currency, card issuance is cards-balance by creation day and status, spend is
 * cards-transactions' cleared purchases. A figure is only there for a user who may open the list
 * it summarises.
 */
export async function dashboardSummary(
  ctx: ServiceContext,
  req: DashboardRequest,
): Promise<DashboardSummary> {
  const actor = ctx.actor!
  const reach = await reachOf(ctx.db, actor)
  const range = dayRange(req.from, req.to)
  const may = (screen: string) => actor.menus.has(screen)
  return {
    balance: may('accounts-balance') ? await balanceEstimate(ctx, req.currency) : null,
    cards: may('cards-balance') ? await cardIssuance(ctx, reach, range) : null,
    spend: may('cards-transactions') ? await spendPerDay(ctx, reach, range) : null,
    groups: may('cards-share-group') ? await groupsBelowThreshold(ctx, reach) : null,
    activities: await recentActivities(ctx, reach, req.includeSignIns ?? false),
  }
}

/** `from` 00:00 UTC to the day after `to`, like the lists' date filters (whole UTC days). */
function dayRange(from: string, to: string) {
  const start = new Date(`${from}T00:00:00Z`)
  const end = new Date(`${to}T00:00:00Z`)
  end.setUTCDate(end.getUTCDate() + 1)
  return { start, end }
}

/** A timestamp column as its UTC calendar day, `YYYY-MM-DD`. */
const utcDay = (column: AnyPgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`

/**
 * Every merchant balance in reach, per currency, and their sum in `target` at the FX table's
 * mid rate (no spread: an estimate, not a quote). A currency with no rate either way is listed
 * without a converted amount and left out of the total; the answer says so.
 */
async function balanceEstimate(ctx: ServiceContext, target: string) {
  const totals = await currencyTotals(ctx)
  const rates = await ctx.db
    .select()
    .from(fxRates)
    .where(or(eq(fxRates.quoteCurrency, target), eq(fxRates.baseCurrency, target)))
  let total = 0
  let rateDate: Date | null = null
  const lines = totals.map((t) => {
    if (t.currency === target) {
      total += t.available
      return { currency: t.currency, available: t.available, rate: '1', converted: t.available }
    }
    const direct = rates.find((r) => r.baseCurrency === t.currency && r.quoteCurrency === target)
    const inverse = rates.find((r) => r.baseCurrency === target && r.quoteCurrency === t.currency)
    const used = direct ?? inverse
    if (!used) return { currency: t.currency, available: t.available, rate: null, converted: null }
    const converted = atMidRate(t.available, t.currency, target, used.rate, !direct)
    total += converted
    if (!rateDate || used.updatedAt > rateDate) rateDate = used.updatedAt
    return {
      currency: t.currency,
      available: t.available,
      rate: direct ? used.rate : `1/${used.rate}`,
      converted,
    }
  })
  return {
    currency: target,
    total,
    rateDate: (rateDate as Date | null)?.toISOString() ?? null,
    lines,
  }
}

/**
 * `amount` minor units of `from` in `to`'s minor units, rounded half-even. `rate` is the table's
 * decimal (units of quote per unit of base); `inverse` when the table holds `to → from`.
 */
export function atMidRate(
  amount: number,
  from: string,
  to: string,
  rate: string,
  inverse: boolean,
): number {
  const parsed = parseRate(rate)
  if (!parsed || amount === 0) return 0
  const [num, den] = parsed
  const scaleFrom = 10n ** BigInt(currencyExponent(from))
  const scaleTo = 10n ** BigInt(currencyExponent(to))
  const value = BigInt(amount) * scaleTo
  return Number(
    inverse
      ? roundHalfEven(value * den, num * scaleFrom)
      : roundHalfEven(value * num, den * scaleFrom),
  )
}

/** Cards created per day in the range, and the range's cards by their status now. */
async function cardIssuance(ctx: ServiceContext, reach: Reach, range: { start: Date; end: Date }) {
  const where = and(
    gte(cards.createdAt, range.start),
    lt(cards.createdAt, range.end),
    merchantScope(reach, { merchantId: cards.merchantId, companyId: merchants.companyId }),
  )
  const day = utcDay(cards.createdAt)
  const perDay = await ctx.db
    .select({ day, created: sql<number>`count(*)::int` })
    .from(cards)
    .innerJoin(merchants, eq(merchants.id, cards.merchantId))
    .where(where)
    .groupBy(day)
    .orderBy(asc(day))
  // As the card list shows them: an active or blocked card past its month is `expired`.
  const status = shownStatus(ctx.clock.now())
  const byStatus = await ctx.db
    .select({ status, count: sql<number>`count(*)::int` })
    .from(cards)
    .innerJoin(merchants, eq(merchants.id, cards.merchantId))
    .where(where)
    // By position: the expression repeated would bind its month twice, and PostgreSQL does not
    // see two placeholders as the same grouped expression.
    .groupBy(sql`1`)
    .orderBy(sql`1`)
  return {
    total: byStatus.reduce((n, s) => n + s.count, 0),
    days: perDay,
    byStatus,
  }
}

/** Cleared purchases per day and card currency: what the cards spent. */
async function spendPerDay(ctx: ServiceContext, reach: Reach, range: { start: Date; end: Date }) {
  const day = utcDay(cardTransactions.occurredAt)
  const rows = await ctx.db
    .select({
      day,
      currency: cardTransactions.cardCurrency,
      amount: sql<string>`sum(${cardTransactions.clearedAmount})`,
      count: sql<number>`count(*)::int`,
    })
    .from(cardTransactions)
    .innerJoin(merchants, eq(merchants.id, cardTransactions.merchantId))
    .where(
      and(
        eq(cardTransactions.type, 'purchase'),
        eq(cardTransactions.status, 'success'),
        gte(cardTransactions.occurredAt, range.start),
        lt(cardTransactions.occurredAt, range.end),
        merchantScope(reach, {
          merchantId: cardTransactions.merchantId,
          companyId: merchants.companyId,
        }),
      ),
    )
    .groupBy(day, cardTransactions.cardCurrency)
    .orderBy(asc(day), asc(cardTransactions.cardCurrency))
  return { days: rows.map((r) => ({ ...r, amount: Number(r.amount) })) }
}

/**
 * The shared card groups in reach whose pool's available balance is below the rule's warning
 * threshold: the ones the group list flags (same arithmetic, `belowThreshold`).
 */
async function groupsBelowThreshold(ctx: ServiceContext, reach: Reach) {
  const rows = await ctx.db
    .select({
      id: cardGroups.id,
      name: cardGroups.name,
      merchantName: merchants.name,
      currency: cardGroups.currency,
      deposit: cardGroups.deposit,
      warningThresholdBps: cardGroupRules.warningThresholdBps,
      credits: ledgerAccounts.creditsPosted,
      debits: ledgerAccounts.debitsPosted,
      held: ledgerAccounts.debitsPending,
    })
    .from(cardGroups)
    .innerJoin(merchants, eq(merchants.id, cardGroups.merchantId))
    .innerJoin(cardGroupRules, eq(cardGroupRules.id, cardGroups.ruleId))
    .leftJoin(ledgerAccounts, poolJoin)
    .where(groupScope(reach))
    .orderBy(asc(cardGroups.id))
  return rows.flatMap((r) => {
    const available = (r.credits ?? 0) - (r.debits ?? 0) - (r.held ?? 0)
    if (!belowThreshold(available, r.deposit, r.warningThresholdBps)) return []
    const { id, name, merchantName, currency } = r
    const threshold = thresholdAmount(r.deposit, r.warningThresholdBps)
    return [{ id, name, merchantName, currency, available, threshold }]
  })
}

export const RECENT_ACTIVITIES = 10

/**
 * Audit entries that record a user's view of the console, not something they did to the
 * business: recently used and pinned pages, list columns, FX quotes that were only looked at.
 */
const NOT_ACTIVITIES = ['menu.%', 'column.%', 'fx.quote']

/** Signing in and out (and its steps): left out unless the dashboard asks for them. */
const SIGN_IN_ACTIONS = [
  'auth.login',
  'auth.logout',
  'auth.sendCode',
  'auth.verifyCode',
] as const satisfies readonly AuditAction[]

/**
 * The latest audit entries of the users in reach: a merchant user sees its merchant's users, a
 * company user its subtree's users (company staff and the staff of the merchants it reaches),
 * the platform everyone's.
 */
async function recentActivities(ctx: ServiceContext, reach: Reach, includeSignIns: boolean) {
  const rows = await ctx.db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      loginName: auditLog.loginName,
      action: auditLog.action,
      target: auditLog.target,
    })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.userId))
    .where(
      and(
        tenantScope(reach, userColumns),
        ...NOT_ACTIVITIES.map((a) => notLike(auditLog.action, a)),
        includeSignIns ? undefined : notInArray(auditLog.action, [...SIGN_IN_ACTIONS]),
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(RECENT_ACTIVITIES)
  return rows.map((r) => ({ ...r, loginName: r.loginName ?? '', at: r.at.toISOString() }))
}
