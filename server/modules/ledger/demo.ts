import type { Clock, Deps } from '../../deps'
import { bankKey, merchantBalanceKey, openAccount } from '../../ledger/accounts'
import { transfer } from '../../ledger/transfer'

/** Demo balances: each merchant in USD and its home currency, with a little history. */
const HOME_CURRENCY: Record<string, string> = { SG: 'SGD', TH: 'THB' }

export async function seedLedgerDemo(
  deps: Deps,
  merchantRows: { id: number; country: string | null }[],
) {
  const { db } = deps
  // Dated in the past so the history reads like history: one day apart, ending a day ago.
  let day = 90
  const past: Clock = { now: () => new Date(deps.clock.now().getTime() - day * 86_400_000) }
  const ctx = { db, clock: past }
  const balances: Record<string, number[]> = {}
  for (const [i, m] of merchantRows.entries()) {
    for (const currency of ['USD', HOME_CURRENCY[m.country ?? ''] ?? 'EUR']) {
      const bank = await openAccount(db, bankKey(currency))
      const account = await openAccount(db, merchantBalanceKey(m.id, currency))
      ;(balances[currency] ??= []).push(account.id)
      // 25,000.00 for the first merchant, 5,000.00 more for each next one.
      await transfer(ctx, {
        fromAccountId: bank.id,
        toAccountId: account.id,
        amount: (25_000 + i * 5_000) * 100,
        currency,
        requestId: `seed-deposit-${m.id}-${currency}`,
        remark: 'Opening deposit',
      })
      day -= 7
    }
  }
  const usd = balances.USD
  const history: [number, number, number][] = [
    [0, 1, 1_250_00],
    [1, 2, 480_50],
    [2, 0, 99_99],
    [1, 0, 3_000_00],
  ]
  for (const [n, [from, to, amount]] of history.entries()) {
    await transfer(ctx, {
      fromAccountId: usd[from],
      toAccountId: usd[to],
      amount,
      currency: 'USD',
      requestId: `seed-transfer-${n + 1}`,
      remark: 'Settlement between merchants',
    })
    day -= 9
  }
}
