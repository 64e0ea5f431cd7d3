import currencyCodes from 'currency-codes'

/**
 * Money as integers in the currency's minor units, end to end (DESIGN §4, spec §9). Isomorphic:
 * the console formats with it, the server parses and converts with it.
 *
 * Rounding: every rounding in this module is half-even (banker's rounding) — when an amount
 * is shown with fewer decimals than its currency has, and in FX conversion (server/ledger/fx.ts).
 */

/** RMB is the everyday name of the Chinese yuan; ISO 4217 calls it CNY. */
const ALIASES: Record<string, string> = { RMB: 'CNY' }

/** Spec §9: these currencies have a symbol; every other one is shown with its code. */
export const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  VND: '₫',
  THB: '฿',
  SGD: 'S$',
  CNY: '¥',
}

/** Codes that are not money (funds, metals, testing, "no currency"): refused as currencies. */
const NOT_MONEY = new Set(['XAU', 'XAG', 'XPT', 'XPD', 'XTS', 'XXX', 'XBA', 'XBB', 'XBC', 'XBD'])

/** The ISO 4217 code for a user-given code (upper-cased, RMB → CNY), or null if unknown. */
export function normalizeCurrency(code: string): string | null {
  const upper = code.trim().toUpperCase()
  const iso = ALIASES[upper] ?? upper
  if (NOT_MONEY.has(iso) || !/^[A-Z]{3}$/.test(iso)) return null
  return currencyCodes.code(iso) ? iso : null
}

export function isCurrency(code: string): boolean {
  return normalizeCurrency(code) === code
}

/** Decimal places of the currency's minor unit (VND 0, USD 2, BHD 3). Throws for unknown codes. */
export function currencyExponent(code: string): number {
  const iso = normalizeCurrency(code)
  const record = iso ? currencyCodes.code(iso) : undefined
  if (!record) throw new Error(`unknown currency ${code}`)
  return record.digits
}

/** Every ISO 4217 currency code that is money, sorted. */
export function currencyList(): string[] {
  return currencyCodes
    .codes()
    .filter((c) => !NOT_MONEY.has(c))
    .sort()
}

/** `numerator / denominator` rounded half-even to an integer (denominator > 0). */
export function roundHalfEven(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new Error('denominator must be positive')
  const negative = numerator < 0n
  const n = negative ? -numerator : numerator
  let q = n / denominator
  const twice = (n % denominator) * 2n
  if (twice > denominator || (twice === denominator && q % 2n === 1n)) q += 1n
  return negative ? -q : q
}

const PLAIN = /^([+-])?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/

/**
 * "1,234.56" in USD → 123456. Accepts thousand separators (in groups of three) and at most the
 * currency's decimals; more decimals, other characters or an amount beyond the safe integer
 * range give null (refused, never rounded silently).
 */
export function parseMoney(text: string, currency: string): number | null {
  const exp = currencyExponent(currency)
  const m = PLAIN.exec(text.trim())
  if (!m) return null
  const [, sign, whole, fraction = ''] = m
  if (fraction.length > exp) return null
  const digits = whole.replaceAll(',', '') + fraction.padEnd(exp, '0')
  const minor = BigInt(digits) * (sign === '-' ? -1n : 1n)
  if (minor > BigInt(Number.MAX_SAFE_INTEGER) || minor < BigInt(Number.MIN_SAFE_INTEGER)) {
    return null
  }
  return Number(minor)
}

export interface FormatOptions {
  /** Show the symbol (or the code for currencies without one). Default true. */
  symbol?: boolean
  /** Decimals to show; default the currency's exponent. Fewer are rounded half-even. */
  decimals?: number
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

/** 123456 USD → "$1,234.56"; 1500000 VND → "₫1,500,000"; 1234 CHF → "CHF 12.34". */
export function formatMoney(minor: number | bigint, currency: string, opts: FormatOptions = {}) {
  const iso = normalizeCurrency(currency)
  if (!iso) throw new Error(`unknown currency ${currency}`)
  const exp = currencyExponent(iso)
  const decimals = opts.decimals ?? exp
  let value = BigInt(minor)
  // Rescale from the currency's exponent to the decimals shown.
  if (decimals < exp) value = roundHalfEven(value, 10n ** BigInt(exp - decimals))
  else value *= 10n ** BigInt(decimals - exp)
  const negative = value < 0n
  const abs = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const whole = groupThousands(abs.slice(0, abs.length - decimals))
  const number = decimals > 0 ? `${whole}.${abs.slice(abs.length - decimals)}` : whole
  const sign = negative ? '-' : ''
  if (opts.symbol === false) return `${sign}${number}`
  const symbol = CURRENCY_SYMBOLS[iso]
  return symbol ? `${sign}${symbol}${number}` : `${sign}${iso} ${number}`
}
