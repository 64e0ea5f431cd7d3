import { eq } from 'drizzle-orm'
import { loadActor } from '../../auth/actor'
import type { Db } from '../../db/client'
import { dictDetails, dicts, parameters, platformBankAccounts, users } from '../../db/schema'
import type { Clock, Deps } from '../../deps'
import { translator } from '../../i18n'
import type { ServiceContext } from '../../resources/context'
import { adjust, declare, review } from './requests'

/** Reference data of the accounts screens: the movement types and the minimum deposits. */
export async function seedAccountsReference(db: Db) {
  const [types] = await db
    .insert(dicts)
    .values({ code: 'account_transaction_type', name: 'Balance transaction type', type: 'system' })
    .returning()
  await db.insert(dictDetails).values(
    ['deposit', 'withdrawal', 'adjustment', 'transfer', 'fx_transfer'].map((code, i) => ({
      dictId: types.id,
      code,
      name: code === 'fx_transfer' ? 'FX transfer' : code[0].toUpperCase() + code.slice(1),
      seq: i + 1,
    })),
  )
  // Minor units per currency: 100.00 USD / EUR / SGD, 3,000 THB.
  const minimums: [string, number][] = [
    ['USD', 10_000],
    ['EUR', 10_000],
    ['SGD', 10_000],
    ['THB', 300_000],
  ]
  await db.insert(parameters).values(
    minimums.map(([currency, value]) => ({
      name: `deposit.min.${currency}`,
      value: String(value),
      description: `Minimum deposit in ${currency}, minor units`,
    })),
  )
}

/** A 1×1 PNG: the demo deposits' proof file. */
const DEMO_PROOF = {
  name: 'wire-confirmation.png',
  contentType: 'image/png',
  data: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
}

/**
 * Demo history: receiving bank accounts, and per merchant a few months of deposits,
 * withdrawals and adjustments through the real services (review included), some left pending.
 * Skyline's requests come from merchant.user, the others' from company.admin; admin reviews.
 */
export async function seedAccountsDemo(deps: Deps, merchantIds: number[]) {
  const { db } = deps
  let t = deps.clock.now().getTime() - 85 * 86_400_000
  const clock: Clock = { now: () => new Date(t) }
  const later = (days: number) => (t += days * 86_400_000)
  await db.insert(platformBankAccounts).values(
    [
      ['USD', 'DBS Bank Ltd', 'DBSSSGSG', '072-901234-5'],
      ['SGD', 'DBS Bank Ltd', 'DBSSSGSG', '072-901234-6'],
      ['EUR', 'Deutsche Bank AG', 'DEUTDEFF', 'DE89370400440532013000'],
      ['THB', 'Bangkok Bank', 'BKKBTHBK', '101-4-56789-0'],
    ].map(([currency, bankName, swift, accountNumber]) => ({
      currency,
      bankName,
      accountName: 'VCC Platform Pte Ltd',
      accountNumber,
      swift,
      address: '12 Marina Boulevard, Singapore 018982',
      bankCode: '7171',
      branchCode: '001',
      location: 'Singapore',
      createdAt: clock.now(),
      updatedAt: clock.now(),
    })),
  )
  const as = async (login: string): Promise<ServiceContext> => {
    const [user] = await db.select().from(users).where(eq(users.loginName, login))
    return {
      db,
      clock,
      t: translator('en-US'),
      requestId: 'seed',
      actor: await loadActor(db, user),
    }
  }
  const admin = await as('admin')
  const company = await as('company.admin')
  const merchant = await as('merchant.user')
  const ok = { reasonCode: 'verified', note: '' }
  for (const [i, merchantId] of merchantIds.entries()) {
    const maker = i === 1 ? merchant : company
    const currency = 'USD'
    const deposit = await declare(maker, {
      merchantId,
      kind: 'deposit',
      currency,
      amount: (2_000 + i * 500) * 100,
      reference: `WIRE-2026-${1001 + i}`,
      beneficiary: '',
      remark: 'Monthly top-up',
      proof: DEMO_PROOF,
    })
    later(1)
    await review(admin, { requestId: deposit, decision: 'approve', ...ok })
    later(5)
    const withdrawal = await declare(maker, {
      merchantId,
      kind: 'withdrawal',
      currency,
      amount: (800 + i * 100) * 100,
      reference: '',
      beneficiary: 'OCBC 501-234567-001',
      remark: 'Return of surplus funds',
    })
    later(1)
    await review(admin, { requestId: withdrawal, decision: 'approve', ...ok })
    later(4)
    const refused = await declare(maker, {
      merchantId,
      kind: 'deposit',
      currency,
      amount: 750_00,
      reference: `WIRE-2026-${2001 + i}`,
      beneficiary: '',
      remark: '',
      proof: DEMO_PROOF,
    })
    later(1)
    await review(admin, {
      requestId: refused,
      decision: 'reject',
      reasonCode: 'not_received',
      note: 'No matching credit on the statement',
    })
    later(3)
    const fee = await adjust(admin, {
      merchantId,
      currency,
      sign: '-',
      amount: 25_00,
      reason: 'Wire fee charged by the receiving bank',
    })
    later(1)
    await review(company, { requestId: fee, decision: 'approve', ...ok })
    later(2)
    // Left for review: a deposit, and on Skyline a withdrawal.
    await declare(maker, {
      merchantId,
      kind: 'deposit',
      currency,
      amount: 1_500_00,
      reference: `WIRE-2026-${3001 + i}`,
      beneficiary: '',
      remark: '',
      proof: DEMO_PROOF,
    })
    // One pending withdrawal (its amount held), on the merchant user's own merchant only.
    if (maker === merchant) {
      await declare(maker, {
        merchantId,
        kind: 'withdrawal',
        currency,
        amount: 300_00,
        reference: '',
        beneficiary: 'OCBC 501-234567-001',
        remark: '',
      })
    }
  }
}
