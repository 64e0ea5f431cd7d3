import { pastExpiry } from '../../../src/lib/cardExpiry'
import type { DECLINE_REASONS } from '../../../src/lib/codeLabels'

/**
 * The decision arithmetic of an authorisation, without a database: which rule, if any,
 * declines it. Kept pure so a property test can check it against its definition.
 */

export type DeclineReason = (typeof DECLINE_REASONS)[number]

export interface CardLimits {
  limitPerTransaction: number | null
  limitDaily: number | null
  limitMonthly: number | null
  limitLifetime: number | null
}

/** What the card's purchases (pending and cleared) already used, in card minor units. */
export interface LimitUsage {
  day: number
  month: number
  lifetime: number
}

/**
 * The first limit an authorisation of `amount` would break, or null. A limit is inclusive:
 * spending exactly up to it is allowed. Null means no limit.
 */
export function limitBreached(
  limits: CardLimits,
  used: LimitUsage,
  amount: number,
): DeclineReason | null {
  const over = (limit: number | null, already: number) => limit !== null && already + amount > limit
  if (over(limits.limitPerTransaction, 0)) return 'overLimitPerTransaction'
  if (over(limits.limitDaily, used.day)) return 'overLimitDaily'
  if (over(limits.limitMonthly, used.month)) return 'overLimitMonthly'
  if (over(limits.limitLifetime, used.lifetime)) return 'overLimitLifetime'
  return null
}

/** The decline a card's status calls for, or null when the card may spend. */
export function statusDecline(status: string): DeclineReason | null {
  if (status === 'active') return null
  if (status === 'blocked') return 'cardBlocked'
  // Cancelled, waiting for cancellation, or never issued (creating, pending, failed,
  // systemError): none of them may spend.
  return 'cardCancelled'
}

/**
 * A card expires at the end of its expiry month (YYYY-MM), in UTC: the one rule the list's
 * "Expired" status is shown by too (src/lib/cardExpiry.ts).
 */
export const isExpired = pastExpiry

/** The UTC day and month an amount counts against. */
export function periodStarts(at: Date): { day: Date; month: Date } {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()))
  const month = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1))
  return { day, month }
}

/** One limit as the card detail shows it; `used` is null for the per-transaction limit. */
export interface LimitLine {
  limit: number | null
  used: number | null
  /** limit − used, never below 0; null without a limit. */
  remaining: number | null
}

export interface LimitStatus {
  perTransaction: LimitLine
  daily: LimitLine
  monthly: LimitLine
  lifetime: LimitLine
}

/**
 * The card's limits with what is used and what remains, from the same usage the decision
 * reads (`usageOf`): an authorisation of at most `remaining` passes that limit
 * (`limitBreached` is inclusive); the per-transaction limit has no "used".
 */
export function limitStatus(limits: CardLimits, used: LimitUsage): LimitStatus {
  const line = (limit: number | null, already: number): LimitLine => ({
    limit,
    used: already,
    remaining: limit === null ? null : Math.max(limit - already, 0),
  })
  return {
    perTransaction: {
      limit: limits.limitPerTransaction,
      used: null,
      remaining: limits.limitPerTransaction,
    },
    daily: line(limits.limitDaily, used.day),
    monthly: line(limits.limitMonthly, used.month),
    lifetime: line(limits.limitLifetime, used.lifetime),
  }
}
