/**
 * The arithmetic of a shared card group, without a database (docs/groups.md). The services
 * call these with the locked rows; the property test (`pool.property.test.ts`) drives them with
 * random sequences of operations.
 */

export interface PoolSums {
  /** Put in less taken out. */
  deposit: number
  /** Ledger pool account: posted credits − posted debits. */
  posted: number
  /** Pending authorisations on the pool. */
  held: number
}

export interface PoolFigures extends PoolSums {
  spent: number
  available: number
}

export function poolFigures(s: PoolSums): PoolFigures {
  return { ...s, spent: s.deposit - s.posted, available: s.posted - s.held }
}

/** The most the cards' limits may sum to: the deposit plus the floating ratio (basis points). */
export function maxAllocation(deposit: number, floatingRatioBps: number): number {
  return deposit + Math.floor((deposit * floatingRatioBps) / 10_000)
}

export type AllocationRefusal =
  | { kind: 'maxCards'; max: number; count: number }
  | { kind: 'limitAboveDeposit' }
  | { kind: 'allocationExceeded'; allocated: number; max: number }

/**
 * Whether a group may hold these card limits: at most `maxCards` cards, no card's limit above
 * the deposit, and their sum at most the deposit plus the floating ratio.
 */
export function allocationRefusal(
  rule: { maxCards: number; floatingRatioBps: number },
  deposit: number,
  limits: readonly number[],
): AllocationRefusal | null {
  if (limits.length > rule.maxCards) {
    return { kind: 'maxCards', max: rule.maxCards, count: limits.length }
  }
  if (limits.some((l) => l > deposit)) return { kind: 'limitAboveDeposit' }
  const allocated = limits.reduce((a, b) => a + b, 0)
  const max = maxAllocation(deposit, rule.floatingRatioBps)
  if (allocated > max) return { kind: 'allocationExceeded', allocated, max }
  return null
}

/**
 * A group card's authorisation, after the card's own checks (status, expiry, currency, its
 * limits): the pool must hold the amount, whatever the limits (`groupPoolEmpty`), and the
 * card must stay within its limit in the group (`overLimitLifetime`).
 */
export function groupDecline(
  available: number,
  cardLimit: number,
  usedInGroup: number,
  amount: number,
): 'groupPoolEmpty' | 'overLimitLifetime' | null {
  if (amount > available) return 'groupPoolEmpty'
  if (usedInGroup + amount > cardLimit) return 'overLimitLifetime'
  return null
}

/** The warning threshold in minor units: a share (basis points) of the deposit. */
export function thresholdAmount(deposit: number, warningThresholdBps: number): number {
  return Math.floor((deposit * warningThresholdBps) / 10_000)
}

export function belowThreshold(
  available: number,
  deposit: number,
  warningThresholdBps: number,
): boolean {
  return available < thresholdAmount(deposit, warningThresholdBps)
}
