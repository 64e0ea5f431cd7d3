import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { convert, fxPostings } from './fx'
import { reserve, settle } from './holds'
import {
  applyPosting,
  availableBalance,
  isBalanced,
  sumsByCurrency,
  transferPostings,
  type AccountSums,
  type Posting,
} from './postings'

const amount = fc.integer({ min: 1, max: 1e12 })
const zero: AccountSums = { debitsPosted: 0, creditsPosted: 0, debitsPending: 0, creditsPending: 0 }

describe('postings', () => {
  it('of a transfer always sum to zero and leave the total unchanged', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(4), fc.nat(4), amount), { maxLength: 50 }), (moves) => {
        const balances = new Map<number, AccountSums>()
        for (const [from, to, a] of moves) {
          if (from === to) continue
          const postings = transferPostings(from, to, a, 'USD')
          expect(isBalanced(postings)).toBe(true)
          for (const p of postings) {
            balances.set(p.accountId, applyPosting(balances.get(p.accountId) ?? zero, p.amount))
          }
        }
        const total = [...balances.values()].reduce(
          (s, b) => s + b.creditsPosted - b.debitsPosted,
          0,
        )
        expect(total).toBe(0)
      }),
    )
  })

  it('are refused as unbalanced when any currency does not sum to zero', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            accountId: fc.nat(5),
            currency: fc.constantFrom('USD', 'EUR'),
            amount: fc.integer({ min: -1000, max: 1000 }).filter((n) => n !== 0),
          }),
          { minLength: 2, maxLength: 8 },
        ),
        (postings: Posting[]) => {
          const balanced = [...sumsByCurrency(postings).values()].every((s) => s === 0)
          expect(isBalanced(postings)).toBe(balanced)
        },
      ),
    )
  })
})

describe('holds', () => {
  it('never reserve more than is available, whatever the order of operations', () => {
    type Op = { kind: 'hold'; amount: number } | { kind: 'resolve'; index: number; part: number }
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ kind: fc.constant('hold' as const), amount: fc.integer({ min: 1, max: 5000 }) }),
      fc.record({
        kind: fc.constant('resolve' as const),
        index: fc.nat(20),
        part: fc.double({ min: 0, max: 1, noNaN: true }),
      }),
    )
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.array(op, { maxLength: 40 }),
        (opening, ops) => {
          let debit: AccountSums = { ...zero, creditsPosted: opening }
          let credit: AccountSums = zero
          const open: number[] = []
          for (const o of ops) {
            if (o.kind === 'hold') {
              const next = reserve(debit, o.amount, false)
              if (next) {
                debit = next
                credit = { ...credit, creditsPending: credit.creditsPending + o.amount }
                open.push(o.amount)
              } else {
                expect(availableBalance(debit)).toBeLessThan(o.amount)
              }
            } else if (open.length) {
              const [held] = open.splice(o.index % open.length, 1)
              const posted = Math.floor(held * o.part)
              ;({ debit, credit } = settle(debit, credit, held, posted))
            }
            expect(availableBalance(debit)).toBeGreaterThanOrEqual(0)
            expect(debit.debitsPending).toBe(open.reduce((s, a) => s + a, 0))
            expect(credit.creditsPending).toBe(debit.debitsPending)
            // What left the debit account arrived on the credit account.
            expect(opening - (debit.creditsPosted - debit.debitsPosted)).toBe(credit.creditsPosted)
          }
        },
      ),
    )
  })
})

describe('FX conversion', () => {
  const rate = fc
    .tuple(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 999_999 }))
    .filter(([w, f]) => w + f > 0)
    .map(([w, f]) => `${w}.${String(f).padStart(6, '0')}`)
  const currency = fc.constantFrom('USD', 'EUR', 'VND', 'JPY', 'BHD', 'THB')

  it('creates or destroys no minor unit beyond the recorded rounding posting', () => {
    fc.assert(
      fc.property(
        // Up to 1e7 minor units at rates up to 1e5 stays within the safe integer range.
        fc.integer({ min: 1, max: 1e7 }),
        currency,
        currency,
        rate,
        fc.integer({ min: 0, max: 500 }),
        (amount, from, to, r, spreadBps) => {
          fc.pre(from !== to)
          const c = convert({ amount, from, to, rate: r, spreadBps })
          // Each currency's postings sum to zero.
          const legs = fxPostings(c, {
            from: 1,
            to: 2,
            fxSource: 3,
            fxTarget: 4,
            feeIncome: 5,
            rounding: 6,
          })
          for (const s of sumsByCurrency(legs).values()) expect(s).toBe(0)
          // The rounding posting is at most one minor unit, and is exactly what the three
          // separately rounded amounts fail to explain.
          expect(Math.abs(c.rounding)).toBeLessThanOrEqual(1)
          expect(c.gross).toBe(c.net + c.spread + c.rounding)
          // gross is within half a minor unit of the exact product.
          const [num, den] = [BigInt(r.replace('.', '')), 10n ** 6n]
          const scale = (cur: string) =>
            10n ** BigInt({ USD: 2, EUR: 2, VND: 0, JPY: 0, BHD: 3, THB: 2 }[cur]!)
          const exactNum = BigInt(amount) * num * scale(to)
          const exactDen = den * scale(from)
          const diff = BigInt(c.gross) * exactDen - exactNum
          expect(2n * (diff < 0n ? -diff : diff) <= exactDen).toBe(true)
        },
      ),
    )
  })

  it('records both amounts and the rate', () => {
    const c = convert({ amount: 10_000, from: 'USD', to: 'EUR', rate: '0.9213', spreadBps: 50 })
    expect(c).toMatchObject({
      sourceAmount: 10_000,
      rate: '0.9213',
      gross: 9213,
      spread: 46,
      net: 9167,
    })
    expect(c.rounding).toBe(0)
    const v = convert({ amount: 100, from: 'USD', to: 'VND', rate: '25400.5', spreadBps: 0 })
    // 1.00 USD → 25,400.5 VND → half-even to 25,400.
    expect(v).toMatchObject({ gross: 25_400, net: 25_400, spread: 0, rounding: 0 })
  })

  it('refuses rates, amounts and spreads it cannot use', () => {
    expect(() => convert({ amount: 1, from: 'USD', to: 'EUR', rate: '0', spreadBps: 0 })).toThrow()
    expect(() => convert({ amount: 1, from: 'USD', to: 'EUR', rate: '-1', spreadBps: 0 })).toThrow()
    expect(() =>
      convert({ amount: 1, from: 'USD', to: 'EUR', rate: '1e3', spreadBps: 0 }),
    ).toThrow()
    expect(() => convert({ amount: 0, from: 'USD', to: 'EUR', rate: '1', spreadBps: 0 })).toThrow()
    expect(() =>
      convert({ amount: 1, from: 'USD', to: 'EUR', rate: '1', spreadBps: 10_000 }),
    ).toThrow()
  })
})
