import { eq, inArray } from 'drizzle-orm'
import { loadActor } from '../../auth/actor'
import {
  channelAccountCompanies,
  channelAccounts,
  channels,
  companies,
  fxRates,
  ledgerAccounts,
  merchants,
  users,
} from '../../db/schema'
import type { Clock, Deps } from '../../deps'
import { bankKey, channelFundingKey, openAccount } from '../../ledger/accounts'
import { transfer } from '../../ledger/transfer'
import { quote, transferInReach } from './service'
import { remarkCode } from '../../../src/lib/remarks'

/** Demo rates between the seeded currencies: [from, to, rate, spread in bp]. */
const RATES: [string, string, string, number][] = [
  ['USD', 'SGD', '1.3425', 50],
  ['SGD', 'USD', '0.7440', 50],
  ['USD', 'THB', '35.80', 60],
  ['THB', 'USD', '0.02790', 60],
  ['USD', 'EUR', '0.9213', 40],
  ['EUR', 'USD', '1.0850', 40],
  ['SGD', 'THB', '26.65', 60],
  ['THB', 'SGD', '0.03750', 60],
]

/** The platform's funding accounts: [channel code, currency, bank, account number, opening]. */
const FUNDING: [string, string, string, string, number][] = [
  ['sandbox', 'USD', 'Sandbox Bank N.A.', '0012-3456-7890', 500_000_00],
  ['sandbox', 'SGD', 'Sandbox Bank Singapore', '0098-7654-321', 250_000_00],
  ['sandbox-b', 'USD', 'Second Sandbox Bank', '7700-1100-2200', 100_000_00],
]

/**
 * Demo data of transfers (docs/ledger.md, "Demo data"): FX rates, channel funding accounts
 * with bank details visible to the demo companies, and past cross-currency transfers made
 * through quotes, as the demo users would. Runs after the merchants' balances are seeded.
 */
export async function seedTransfers(deps: Deps) {
  const { db } = deps
  await db.insert(fxRates).values(
    RATES.map(([baseCurrency, quoteCurrency, rate, spreadBps]) => ({
      baseCurrency,
      quoteCurrency,
      rate,
      spreadBps,
    })),
  )
  await db
    .insert(channels)
    .values({ code: 'sandbox-b', name: 'Second sandbox issuer' })
    .onConflictDoNothing()
  const channelRows = await db.select().from(channels)
  const companyIds = (await db.select({ id: companies.id }).from(companies)).map((c) => c.id)
  // A past clock, as for the merchants' history: these happened in the weeks before today.
  const past = pastClock(deps.clock, 40)
  for (const [code, currency, bankName, accountNumber, opening] of FUNDING) {
    const channel = channelRows.find((c) => c.code === code)!
    const [row] = await db
      .insert(channelAccounts)
      .values({
        channelId: channel.id,
        currency,
        bankName,
        accountName: 'VCC Platform Ltd',
        accountNumber,
        address: '1 Raffles Place, Singapore 048616',
        swift: 'SBXXSGSG',
        bankCode: '7171',
        branchCode: '001',
        location: 'Singapore',
      })
      .returning()
    await db
      .insert(channelAccountCompanies)
      .values(companyIds.map((companyId) => ({ channelAccountId: row.id, companyId })))
    const bank = await openAccount(db, bankKey(currency))
    const funding = await openAccount(db, channelFundingKey(channel.id, currency))
    await transfer(
      { db, clock: past.clock },
      {
        fromAccountId: bank.id,
        toAccountId: funding.id,
        amount: opening,
        currency,
        requestId: `seed-channel-funding-${code}-${currency}`,
        remark: remarkCode('channelPrepayment'),
      },
    )
    past.back(3)
  }
  await seedFxHistory(deps, pastClock(deps.clock, 20))
}

/** A clock `days` before now, moved towards now with `back(n)`. */
function pastClock(now: Clock, days: number) {
  let day = days
  return {
    clock: { now: () => new Date(now.now().getTime() - day * 86_400_000) } as Clock,
    back: (n: number) => (day -= n),
  }
}

/** Two past cross-currency transfers: merchant.user USD → SGD, admin SGD → USD. */
async function seedFxHistory(deps: Deps, past: ReturnType<typeof pastClock>) {
  const { db } = deps
  const people = await db
    .select()
    .from(users)
    .where(inArray(users.loginName, ['admin', 'merchant.user']))
  const merchantRows = await db.select().from(merchants)
  const balance = async (merchantId: number, currency: string) => {
    const rows = await db
      .select()
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.ownerId, merchantId))
    return rows.find((a) => a.type === 'merchant_balance' && a.currency === currency)!.id
  }
  const history: [string, string, string, string, number][] = [
    ['merchant.user', 'Skyline Air Tickets', 'USD', 'SGD', 1_500_00],
    ['admin', 'Blue Harbor Hotels', 'SGD', 'USD', 2_000_00],
    ['merchant.user', 'Skyline Air Tickets', 'SGD', 'USD', 333_33],
  ]
  for (const [n, [login, merchant, from, to, amount]] of history.entries()) {
    const actor = await loadActor(
      db,
      people.find((u) => u.loginName === login)!,
    )
    const m = merchantRows.find((r) => r.name === merchant)!
    const ctx = { db, clock: past.clock, actorUserId: actor.userId, actor }
    const accounts = {
      fromAccountId: await balance(m.id, from),
      toAccountId: await balance(m.id, to),
    }
    const q = await quote(ctx, { ...accounts, amount })
    await transferInReach(ctx, {
      ...accounts,
      amount,
      currency: from,
      quoteId: q.quoteId,
      // No remark: the server's own ("Transfer between currencies"), shown in each reader's language.
      requestId: `seed-fx-transfer-${n + 1}`,
    })
    past.back(6)
  }
}
