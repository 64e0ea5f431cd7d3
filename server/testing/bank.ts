import { eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/client'
import { ledgerAccounts, ledgerEntries, ledgerPostings } from '../db/schema'
import type { Clock } from '../deps'
import { bankKey, merchantBalanceKey, openAccount } from '../ledger/accounts'
import { availableBalance, postedBalance } from '../ledger/postings'
import { transfer } from '../ledger/transfer'
import { seededRandom } from '../../src/lib/seededRandom'

/**
 * The bank test (after Jepsen's): clients move money at random among a set of accounts while
 * things go wrong; afterwards nothing was created, lost, duplicated or overdrawn.
 */

export const BANK_CURRENCY = 'EUR'
export const OPENING = 10_000

/** Opens `n` fresh balances and funds each with OPENING from the platform's bank account. */
export async function openBank(db: Db, clock: Clock, n: number): Promise<number[]> {
  const bank = await openAccount(db, bankKey(BANK_CURRENCY))
  const ids: number[] = []
  for (let i = 0; i < n; i++) {
    const a = await openAccount(db, merchantBalanceKey(900_000 + i, BANK_CURRENCY))
    await transfer(
      { db, clock },
      {
        fromAccountId: bank.id,
        toAccountId: a.id,
        amount: OPENING,
        currency: BANK_CURRENCY,
        requestId: `bank-open-${a.id}`,
      },
    )
    ids.push(a.id)
  }
  return ids
}

export interface TransferBody {
  fromAccountId: number
  toAccountId: number
  amount: number
  currency: string
  requestId: string
}

export interface Answer {
  status: number
  body: { code: number; data: { entryId: number } | null }
}

/** Sends one transfer and keeps trying (same body) until the server answers. */
export type Send = (body: TransferBody) => Promise<Answer>

export interface BankLog {
  acknowledged: Map<string, TransferBody & { entryId: number }>
  refused: number
  retriesMatched: number
  reuseRefused: number
  /** Anything unexpected: a 5xx, an unknown code, a retry answering differently. */
  anomalies: string[]
}

export function newLog(): BankLog {
  return { acknowledged: new Map(), refused: 0, retriesMatched: 0, reuseRefused: 0, anomalies: [] }
}

/**
 * One client: random transfers (some too large, so refused), retries of its last request
 * (which must answer the same entry), and reuses of an acknowledged request id with other
 * fields (which must be refused). Runs until `more()` says stop.
 */
export async function runClient(
  name: string,
  accounts: number[],
  send: Send,
  log: BankLog,
  seed: number,
  more: (done: number) => boolean,
) {
  // Seeded, so a failing run can be replayed.
  const rnd = seededRandom(seed)
  const pick = () => accounts[Math.floor(rnd() * accounts.length)]
  let last: TransferBody | null = null
  for (let n = 0; more(n); n++) {
    const r = rnd()
    let body: TransferBody
    let kind: 'new' | 'retry' | 'reuse' = 'new'
    if (last && log.acknowledged.has(last.requestId) && r < 0.15) {
      body = last
      kind = 'retry'
    } else if (last && log.acknowledged.has(last.requestId) && r < 0.2) {
      body = { ...last, amount: last.amount + 1 }
      kind = 'reuse'
    } else {
      const from = pick()
      let to = pick()
      while (to === from) to = pick()
      // One in ten asks for more than any account can hold: always refused.
      const amount = r > 0.9 ? OPENING * accounts.length + 1 : 1 + Math.floor(rnd() * OPENING * 0.4)
      body = {
        fromAccountId: from,
        toAccountId: to,
        amount,
        currency: BANK_CURRENCY,
        requestId: `${name}-${n}`,
      }
    }
    const res = await send(body)
    const code = res.body?.code
    if (kind === 'reuse') {
      if (code === 2002) log.reuseRefused++
      else log.anomalies.push(`reuse of ${body.requestId} answered ${res.status}/${code}`)
      continue
    }
    if (code === 0 && res.body.data) {
      const first = log.acknowledged.get(body.requestId)
      if (kind === 'retry') {
        if (first?.entryId === res.body.data.entryId) log.retriesMatched++
        else log.anomalies.push(`retry of ${body.requestId} answered another entry`)
      } else {
        log.acknowledged.set(body.requestId, { ...body, entryId: res.body.data.entryId })
      }
      last = body
    } else if (code === 2001 && kind === 'new') {
      log.refused++
    } else {
      log.anomalies.push(`${body.requestId} answered ${res.status}/${code}`)
    }
  }
}

/** What must hold afterwards; returns the list of violations (empty when all is well). */
export async function checkBank(db: Db, accounts: number[], log: BankLog): Promise<string[]> {
  const problems = [...log.anomalies]
  const rows = await db.select().from(ledgerAccounts).where(inArray(ledgerAccounts.id, accounts))
  const total = rows.reduce((s, a) => s + postedBalance(a), 0)
  if (total !== OPENING * accounts.length)
    problems.push(`total ${total} ≠ ${OPENING * accounts.length}`)
  for (const a of rows) {
    if (postedBalance(a) < 0 || availableBalance(a) < 0) problems.push(`account ${a.id} negative`)
  }
  // Each account's balance is its opening plus exactly the acknowledged movements.
  const expected = new Map(accounts.map((id) => [id, OPENING]))
  for (const t of log.acknowledged.values()) {
    expected.set(t.fromAccountId, expected.get(t.fromAccountId)! - t.amount)
    expected.set(t.toAccountId, expected.get(t.toAccountId)! + t.amount)
  }
  for (const a of rows) {
    if (postedBalance(a) !== expected.get(a.id)) {
      problems.push(`account ${a.id}: ${postedBalance(a)} ≠ acknowledged ${expected.get(a.id)}`)
    }
  }
  // Every acknowledged request id is in the ledger exactly once, as acknowledged; no entry
  // among these accounts exists that nobody was told about.
  const postings = await db
    .select({
      requestId: ledgerEntries.requestId,
      entryId: ledgerEntries.id,
      accountId: ledgerPostings.accountId,
      amount: ledgerPostings.amount,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerPostings.entryId))
    .where(inArray(ledgerPostings.accountId, accounts))
  const byRequest = new Map<string, typeof postings>()
  for (const p of postings) {
    if (p.requestId.startsWith('bank-open-')) continue
    byRequest.set(p.requestId, [...(byRequest.get(p.requestId) ?? []), p])
  }
  for (const [requestId, t] of log.acknowledged) {
    const legs = byRequest.get(requestId) ?? []
    const entries = new Set(legs.map((l) => l.entryId))
    if (entries.size !== 1 || legs.length !== 2) {
      problems.push(`${requestId}: ${entries.size} entries, ${legs.length} postings`)
      continue
    }
    const debit = legs.find((l) => l.amount < 0)
    const credit = legs.find((l) => l.amount > 0)
    if (
      debit?.accountId !== t.fromAccountId ||
      credit?.accountId !== t.toAccountId ||
      credit.amount !== t.amount ||
      debit.entryId !== t.entryId
    ) {
      problems.push(`${requestId}: postings differ from what was acknowledged`)
    }
  }
  for (const requestId of byRequest.keys()) {
    if (!log.acknowledged.has(requestId))
      problems.push(`${requestId}: in the ledger, never acknowledged`)
  }
  return problems
}
