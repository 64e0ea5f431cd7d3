import { currencyExponent, roundHalfEven } from '../../src/lib/money'
import type { Posting } from './postings'

/**
 * Currency conversion as a pure function, for transfers across currencies.
 *
 * `rate` is a decimal string: units of the target currency per unit of the source currency
 * (e.g. "0.9213" EUR per USD). `spreadBps` is the platform's margin in basis points, taken
 * from the converted amount as fee income. All arithmetic is exact (bigint rationals); the
 * three amounts that reach the ledger are each rounded half-even to the target's minor unit:
 *
 *   gross  = round(amount × rate)            what the FX desk pays out
 *   spread = round(amount × rate × spread)   fee income
 *   net    = round(amount × rate × (1 − spread))   what the destination receives
 *   rounding = gross − spread − net          ∈ {−1, 0, 1}: posted to the rounding account
 *
 * So the target currency's postings (−gross, +net, +spread, +rounding) sum to zero: no minor
 * unit is created or destroyed, and the only unit not explained by rate and spread is the
 * recorded rounding posting.
 */

export interface FxRequest {
  /** Source amount in the source currency's minor units (> 0). */
  amount: number
  from: string
  to: string
  rate: string
  spreadBps: number
}

export interface FxConversion {
  sourceAmount: number
  sourceCurrency: string
  targetCurrency: string
  rate: string
  spreadBps: number
  gross: number
  spread: number
  net: number
  rounding: number
}

const RATE = /^(\d{1,12})(?:\.(\d{1,12}))?$/

/** "0.9213" → [9213n, 10000n]; null for anything but a positive plain decimal. */
export function parseRate(rate: string): [bigint, bigint] | null {
  const m = RATE.exec(rate)
  if (!m) return null
  const fraction = m[2] ?? ''
  const num = BigInt(m[1] + fraction)
  if (num === 0n) return null
  return [num, 10n ** BigInt(fraction.length)]
}

export function convert(req: FxRequest): FxConversion {
  const parsed = parseRate(req.rate)
  if (!parsed) throw new Error(`invalid rate ${req.rate}`)
  if (!Number.isSafeInteger(req.amount) || req.amount <= 0) throw new Error('invalid amount')
  if (!Number.isInteger(req.spreadBps) || req.spreadBps < 0 || req.spreadBps >= 10_000) {
    throw new Error('invalid spread')
  }
  const [rateNum, rateDen] = parsed
  const scaleFrom = 10n ** BigInt(currencyExponent(req.from))
  const scaleTo = 10n ** BigInt(currencyExponent(req.to))
  // gross (in target minor units) = amount / scaleFrom × rate × scaleTo, as num / den.
  const num = BigInt(req.amount) * rateNum * scaleTo
  const den = rateDen * scaleFrom
  const bps = BigInt(req.spreadBps)
  const gross = roundHalfEven(num, den)
  const spread = roundHalfEven(num * bps, den * 10_000n)
  const net = roundHalfEven(num * (10_000n - bps), den * 10_000n)
  const result = {
    sourceAmount: req.amount,
    sourceCurrency: req.from,
    targetCurrency: req.to,
    rate: req.rate,
    spreadBps: req.spreadBps,
    gross: Number(gross),
    spread: Number(spread),
    net: Number(net),
    rounding: Number(gross - spread - net),
  }
  if (![result.gross, result.spread, result.net].every(Number.isSafeInteger)) {
    throw new Error('converted amount out of range')
  }
  return result
}

export interface FxAccounts {
  from: number
  to: number
  /** The FX desk's account in each currency. */
  fxSource: number
  fxTarget: number
  feeIncome: number
  rounding: number
}

/** The postings of a converted transfer; zero legs are left out. */
export function fxPostings(c: FxConversion, a: FxAccounts): Posting[] {
  const legs: Posting[] = [
    { accountId: a.from, currency: c.sourceCurrency, amount: -c.sourceAmount },
    { accountId: a.fxSource, currency: c.sourceCurrency, amount: c.sourceAmount },
    { accountId: a.fxTarget, currency: c.targetCurrency, amount: -c.gross },
    { accountId: a.to, currency: c.targetCurrency, amount: c.net },
    { accountId: a.feeIncome, currency: c.targetCurrency, amount: c.spread },
    { accountId: a.rounding, currency: c.targetCurrency, amount: c.rounding },
  ]
  return legs.filter((p) => p.amount !== 0)
}
