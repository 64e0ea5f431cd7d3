import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decryptField, luhnValid } from '../cards/cardData'
import { cards } from '../db/schema'
import { verifyLedger } from '../ledger/verify'
import { availableBalance } from '../ledger/postings'
import { ledgerAccounts } from '../db/schema'
import { createTestApi, type TestApi } from './harness'
import { makeCard } from './cardFixtures'

describe('card fixture', () => {
  let api: TestApi
  beforeAll(async () => {
    api = await createTestApi()
  })
  afterAll(() => api.close())

  it('makes a funded card the way a finished creation leaves it, ledger balanced', async () => {
    const card = await makeCard(api.deps, { balance: 12_345 })
    expect(luhnValid(card.number)).toBe(true)
    const [row] = await api.deps.db.select().from(cards).where(eq(cards.id, card.id))
    expect(row.status).toBe('active')
    expect(row.numberEnc).not.toContain(card.number)
    expect(decryptField(api.deps.dataKey, row.numberEnc!)).toBe(card.number)
    expect(row.first6 + row.last4).toBe(card.number.slice(0, 6) + card.number.slice(-4))
    const [account] = await api.deps.db
      .select()
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.id, card.accountId))
    expect(availableBalance(account)).toBe(12_345)
    expect((await verifyLedger(api.deps.db)).ok).toBe(true)
  })
})
