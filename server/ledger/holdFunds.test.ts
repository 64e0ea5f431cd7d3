import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { IssuerChannel } from '../channels/issuer'
import { issuerFactories } from '../channels/registry'
import { cardTransactions, ledgerAccounts, ledgerHolds } from '../db/schema'
import { makeCard, type CardFixture } from '../testing/cardFixtures'
import { createTestApi, DEMO, type TestApi } from '../testing/harness'
import { sessionFor } from '../testing/sessions'
import { BizError } from '../http/errors'
import { createHold } from './holdService'
import { reserve } from './holds'
import { availableBalance, type AccountSums } from './postings'
import { LedgerRules } from './rules'
import { verifyLedger } from './verify'

/**
 * The hold's funds check at its boundary (docs/ledger.md): a hold of exactly the available
 * amount is placed; one minor unit more is refused with the refusal code, never left to the
 * database's CHECK constraint (which would answer 500 or a channel error). The same boundary
 * through the pure rule, the service, and the API's two kinds of hold: a withdrawal (createHold)
 * and a card authorisation (placeHold).
 */

/** 1,000 minor units available: 1,500 in, 300 out, 200 reserved. */
const SUMS: AccountSums = {
  creditsPosted: 1_500,
  debitsPosted: 300,
  debitsPending: 200,
  creditsPending: 0,
}

describe('reserve (the pure rule)', () => {
  it('places exactly the available amount and refuses one minor unit more', () => {
    expect(availableBalance(SUMS)).toBe(1_000)
    expect(reserve(SUMS, 1_000, false)).toEqual({ ...SUMS, debitsPending: 1_200 })
    expect(reserve(SUMS, 1_001, false)).toBeNull()
    // An account allowed to overdraw (a mirror of money outside) takes it.
    expect(reserve(SUMS, 1_001, true)).toEqual({ ...SUMS, debitsPending: 1_201 })
  })
})

let api: TestApi
let merchant: string
let seq = 0
const rid = () => `funds-${++seq}`

beforeAll(async () => {
  api = await createTestApi()
  merchant = await sessionFor(api, DEMO.merchant[0])
})
afterAll(async () => {
  expect((await verifyLedger(api.deps.db)).mismatches).toEqual([])
  await api.close()
})

async function account(id: number) {
  const [a] = await api.deps.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, id))
  return a
}

async function holdsOn(accountId: number) {
  return api.deps.db.select().from(ledgerHolds).where(eq(ledgerHolds.debitAccountId, accountId))
}

describe('createHold (the service)', () => {
  it('holds exactly the available amount; one more is refused with 2001, nothing written', async () => {
    const ctx = { db: api.deps.db, clock: api.deps.clock }
    const [from, to] = [
      await makeCard(api.deps, { balance: 1_000 }),
      await makeCard(api.deps, { balance: 0 }),
    ]
    const hold = (amount: number) =>
      createHold(ctx, {
        requestId: rid(),
        debitAccountId: from.accountId,
        creditAccountId: to.accountId,
        amount,
        currency: from.currency,
        timeoutSeconds: 60,
      })
    const refusal = await hold(1_001).catch((e: unknown) => e)
    expect(refusal).toBeInstanceOf(BizError)
    expect((refusal as BizError).rule).toBe(LedgerRules.insufficientBalance)
    expect((refusal as BizError).rule.code).toBe(2001)
    expect(await holdsOn(from.accountId)).toEqual([])
    expect(availableBalance(await account(from.accountId))).toBe(1_000)

    expect((await hold(1_000)).status).toBe('pending')
    expect(availableBalance(await account(from.accountId))).toBe(0)
    // Nothing left: the smallest hold is refused the same way.
    const again = await hold(1).catch((e: unknown) => e)
    expect((again as BizError).rule).toBe(LedgerRules.insufficientBalance)
  })
})

describe('through the API', () => {
  const withdraw = (card: CardFixture, amount: number) =>
    api.call('/card-ops/withdraw', { id: card.id, amount, requestId: rid() }, { token: merchant })

  it('withdraws exactly the card’s balance; one more is refused with 3052, not a 500', async () => {
    // The fixture card exists only in our database: an issuer that accepts every call.
    const sandbox = issuerFactories.sandbox
    const accept = async () => {}
    issuerFactories.sandbox = (): IssuerChannel => ({
      code: 'sandbox',
      createCard: async () => ({ cardRef: 'x' }),
      topUp: accept,
      withdraw: accept,
      freeze: accept,
      unfreeze: accept,
      cancel: accept,
      updateLimits: accept,
    })
    try {
      await withdrawAtTheBoundary()
    } finally {
      issuerFactories.sandbox = sandbox
    }
  })

  async function withdrawAtTheBoundary() {
    const card = await makeCard(api.deps, { balance: 1_000 })
    const over = await withdraw(card, 1_001)
    expect(over.status).toBe(422)
    expect(over.body).toMatchObject({ code: 3052 })
    expect(await holdsOn(card.accountId)).toEqual([])
    const exact = await withdraw(card, 1_000)
    expect(exact.status).toBe(200)
    expect(exact.body.code).toBe(0)
    expect(availableBalance(await account(card.accountId))).toBe(0)
  }

  it('authorises exactly the card’s balance; one more is declined for insufficient funds', async () => {
    const authorise = (card: CardFixture, amount: number) =>
      api.call<{ outcome: string; reason?: string; transactionId: number }>(
        '/cards/simulate/authorization',
        { cardId: card.id, amount, currency: card.currency, merchantName: 'Edge', region: 'SG' },
        { token: merchant },
      )
    const short = await makeCard(api.deps, { balance: 1_000 })
    const over = await authorise(short, 1_001)
    expect(over.status).toBe(200)
    expect(over.body.data).toMatchObject({ outcome: 'declined', reason: 'insufficientFunds' })
    const [row] = await api.deps.db
      .select()
      .from(cardTransactions)
      .where(and(eq(cardTransactions.cardId, short.id)))
    expect(row).toMatchObject({
      status: 'rejected',
      declineReason: 'insufficientFunds',
      holdId: null,
    })
    expect(await holdsOn(short.accountId)).toEqual([])
    expect(availableBalance(await account(short.accountId))).toBe(1_000)

    const exact = await authorise(short, 1_000)
    expect(exact.body.data).toMatchObject({ outcome: 'approved' })
    expect(availableBalance(await account(short.accountId))).toBe(0)
  })
})
