import { z } from 'zod'
import { currencyExponent, formatMoney } from '../lib/money'

/**
 * Amounts, read the same way on every form and answered with the same messages by the server
 * (DESIGN §4: integer minor units on the wire). Isomorphic: zod only.
 *
 * The messages say what is wrong: "Must be more than 0", "At most 2 decimal places for USD"
 * ("VND takes no decimals"), "Must be at most $10,000,000,000,000.00"; text that is no number
 * at all reads "Must be number". Each is a custom issue carrying its message key and
 * parameters (`params.key`), which src/lib/fieldErrors.ts turns into the `validation` message.
 */

/**
 * Minor units of the currency per call, at most: 10^15, so that balances stay far inside
 * JavaScript's exact integer range (2^53).
 */
export const MAX_AMOUNT = 1e15

export type AmountProblem =
  | { key: 'required' }
  | { key: 'number' }
  | { key: 'amountPositive' }
  | { key: 'amountDecimals'; decimals: number; currency: string }
  | { key: 'amountWhole'; currency: string }
  | { key: 'amountMax'; max: string }

/** "1,234.56" (thousand separators in groups of three) or "1234.56", with an optional sign. */
const PLAIN = /^([+-])?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d*))?$/

const tooManyDecimals = (currency: string): AmountProblem => {
  const decimals = currencyExponent(currency)
  return decimals === 0
    ? { key: 'amountWhole', currency }
    : { key: 'amountDecimals', decimals, currency }
}

const overMax = (currency: string, max: number): AmountProblem => ({
  key: 'amountMax',
  max: formatMoney(max, currency),
})

/**
 * An amount typed in `currency` as minor units, or what is wrong with it. Never rounds: more
 * decimals than the currency has is refused. `max` is in minor units.
 */
export function readAmount(
  text: string,
  currency: string,
  max = MAX_AMOUNT,
): { minor: number } | { problem: AmountProblem } {
  const typed = text.trim()
  if (typed === '') return { problem: { key: 'required' } }
  const exp = currencyExponent(currency)
  const m = PLAIN.exec(typed)
  if (!m) {
    // Not plain digits: "1e20", "abc", "--5". Name the bound a number breaks, if it is one.
    const n = Number(typed.replaceAll(',', ''))
    if (!Number.isFinite(n) || typed === '') return { problem: { key: 'number' } }
    if (n <= 0) return { problem: { key: 'amountPositive' } }
    if (n * 10 ** exp > max) return { problem: overMax(currency, max) }
    return { problem: { key: 'number' } }
  }
  const [, sign, whole, fraction = ''] = m
  const digits = (whole.replaceAll(',', '') + fraction).replace(/^0+/, '')
  if (sign === '-' || digits === '' || /^0*$/.test(digits)) {
    return { problem: { key: 'amountPositive' } }
  }
  if (fraction.length > exp) return { problem: tooManyDecimals(currency) }
  const minor = BigInt(whole.replaceAll(',', '') + fraction.padEnd(exp, '0'))
  if (minor > BigInt(max)) return { problem: overMax(currency, max) }
  return { minor: Number(minor) }
}

/**
 * A zod issue for a problem: its message key travels in `params.key` with its parameters, and
 * no message of its own (which would take precedence over the mapping and lose them). `path`
 * places it under a field from an object-level rule (the currency follows another field).
 */
export function addProblem(ctx: z.RefinementCtx, problem: AmountProblem, path?: string[]) {
  const { key, ...params } = problem
  ctx.addIssue({ code: 'custom', params: { key, ...params }, ...(path ? { path } : {}) })
}

/** A currency, or how to find it when the form is checked (it follows another field). */
type CurrencyOf = string | (() => string)
const currencyNow = (c: CurrencyOf) => (typeof c === 'function' ? c() : c)

/**
 * A form field: the amount as typed in `currency` (text), parsed to minor units. The money
 * input of src/domain draws it; every form that takes money uses it.
 */
export const amountText = (currency: CurrencyOf, max = MAX_AMOUNT) =>
  z.string().transform((text, ctx) => {
    const read = readAmount(text, currencyNow(currency), max)
    if ('problem' in read) {
      addProblem(ctx, read.problem)
      return z.NEVER
    }
    return read.minor
  })

/** An optional amount field (a limit): empty is null ("no limit"). */
export const optionalAmountText = (currency: CurrencyOf, max = MAX_AMOUNT) =>
  z.string().transform((text, ctx): number | null => {
    if (text.trim() === '') return null
    const read = readAmount(text, currencyNow(currency), max)
    if ('problem' in read) {
      addProblem(ctx, read.problem)
      return z.NEVER
    }
    return read.minor
  })

/**
 * The wire's amount: an integer in minor units, more than 0, at most MAX_AMOUNT. The server's
 * 400 answers say the same as the form ("Must be more than 0", "Must be at most …").
 */
export const minorAmount = () =>
  z
    .number()
    .int()
    .check((ctx) => {
      const v = ctx.value
      if (v <= 0)
        ctx.issues.push({
          code: 'custom',
          input: v,
          params: { key: 'amountPositive' },
        })
      else if (v > MAX_AMOUNT)
        ctx.issues.push({
          code: 'custom',
          input: v,
          params: { key: 'amountMax', max: String(MAX_AMOUNT) },
        })
    })
    .meta({
      description: 'Integer amount in the currency’s minor units (1 to 10^15)',
      minimum: 1,
      maximum: MAX_AMOUNT,
    })

/**
 * An object-level rule for an amount whose currency is another field's (a select): the amount's
 * problem, if any, under the amount's field. Nothing while the currency is not chosen.
 */
export function checkAmount(
  ctx: z.RefinementCtx,
  text: string,
  currency: string | undefined,
  path: string,
) {
  if (!currency) return
  const read = readAmount(text, currency)
  if ('problem' in read) addProblem(ctx, read.problem, [path])
}
