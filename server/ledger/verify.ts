import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'

/**
 * Reconciliation (DESIGN §7): proves from the postings alone that every account's sums are
 * right and that money is neither created nor destroyed. Read-only; run by
 * `npm run ledger:verify` and `POST /admin/ledger/verify`.
 */
export interface Mismatch {
  /** account: an account's sums differ from its postings or holds; entry: an entry does not
   * balance in a currency; currency: a currency's balances do not sum to zero; posting: a
   * posting's stored `balance_after` is not its account's running balance (id: the posting). */
  kind: 'account' | 'entry' | 'currency' | 'posting'
  id: number | null
  currency: string
  field: string
  expected: number
  actual: number
}

export interface VerifyReport {
  ok: boolean
  accounts: number
  entries: number
  postings: number
  currencies: { currency: string; accounts: number; balanceSum: number }[]
  mismatches: Mismatch[]
}

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[]

const num = (v: unknown) => Number(v ?? 0)

export async function verifyLedger(db: Db): Promise<VerifyReport> {
  const mismatches: Mismatch[] = []
  // Every account against its postings (posted sums) and its pending holds (pending sums).
  const accounts = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select a.id, a.currency,
        a.debits_posted, a.credits_posted, a.debits_pending, a.credits_pending,
        coalesce(p.debits, 0) as p_debits, coalesce(p.credits, 0) as p_credits,
        coalesce(p.foreign_currency, 0) as p_foreign,
        coalesce(hd.pending, 0) as h_debits, coalesce(hc.pending, 0) as h_credits
      from ledger_accounts a
      left join (
        select account_id,
          sum(case when amount < 0 then -amount else 0 end) as debits,
          sum(case when amount > 0 then amount else 0 end) as credits,
          count(*) filter (where currency <> (select currency from ledger_accounts x where x.id = account_id)) as foreign_currency
        from ledger_postings group by account_id
      ) p on p.account_id = a.id
      left join (
        select debit_account_id as id, sum(amount) as pending from ledger_holds
        where status = 'pending' group by debit_account_id
      ) hd on hd.id = a.id
      left join (
        select credit_account_id as id, sum(amount) as pending from ledger_holds
        where status = 'pending' group by credit_account_id
      ) hc on hc.id = a.id
      order by a.id`),
  )
  const checks: [string, string, string][] = [
    ['debitsPosted', 'p_debits', 'debits_posted'],
    ['creditsPosted', 'p_credits', 'credits_posted'],
    ['debitsPending', 'h_debits', 'debits_pending'],
    ['creditsPending', 'h_credits', 'credits_pending'],
  ]
  for (const a of accounts) {
    for (const [field, expected, actual] of checks) {
      if (num(a[expected]) !== num(a[actual])) {
        mismatches.push({
          kind: 'account',
          id: num(a.id),
          currency: String(a.currency),
          field,
          expected: num(a[expected]),
          actual: num(a[actual]),
        })
      }
    }
    if (num(a.p_foreign) > 0) {
      mismatches.push({
        kind: 'account',
        id: num(a.id),
        currency: String(a.currency),
        field: 'postingCurrency',
        expected: 0,
        actual: num(a.p_foreign),
      })
    }
  }
  // Every entry balances in each currency.
  const entries = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select entry_id, currency, sum(amount) as total from ledger_postings
      group by entry_id, currency having sum(amount) <> 0 order by entry_id`),
  )
  for (const e of entries) {
    mismatches.push({
      kind: 'entry',
      id: num(e.entry_id),
      currency: String(e.currency),
      field: 'postingSum',
      expected: 0,
      actual: num(e.total),
    })
  }
  // Every posting's balance_after is its account's running balance at that posting: the sum
  // of the account's postings up to it, in posting order (an account's postings are written
  // one entry after another with the account locked, so ids follow that order). The sums
  // above can be right while a balance shown in a statement is wrong (a rounded or tampered
  // balance_after); this finds it. Summed as numeric: exact whatever the amounts.
  const postings = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select id, currency, balance_after::text as stored, running::text as running from (
        select id, currency, balance_after,
          sum(amount::numeric) over (partition by account_id order by id) as running
        from ledger_postings
      ) p
      where running <> balance_after
      order by id`),
  )
  for (const p of postings) {
    mismatches.push({
      kind: 'posting',
      id: num(p.id),
      currency: String(p.currency),
      field: 'balanceAfter',
      expected: num(p.running),
      actual: num(p.stored),
    })
  }
  // Every currency's balances sum to zero: what one account holds, another owes.
  const currencies = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select currency, count(*) as accounts, sum(credits_posted - debits_posted) as balance_sum
      from ledger_accounts group by currency order by currency`),
  ).map((c) => ({
    currency: String(c.currency),
    accounts: num(c.accounts),
    balanceSum: num(c.balance_sum),
  }))
  for (const c of currencies) {
    if (c.balanceSum !== 0) {
      mismatches.push({
        kind: 'currency',
        id: null,
        currency: c.currency,
        field: 'balanceSum',
        expected: 0,
        actual: c.balanceSum,
      })
    }
  }
  const [counts] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select (select count(*) from ledger_entries) as entries,
             (select count(*) from ledger_postings) as postings`),
  )
  return {
    ok: mismatches.length === 0,
    accounts: accounts.length,
    entries: num(counts.entries),
    postings: num(counts.postings),
    currencies,
    mismatches,
  }
}
