import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deliverChannelEvent } from '../../channels/transport'
import { cardTransactions, ledgerAccounts } from '../../db/schema'
import { channelSettlementKey, openAccount } from '../../ledger/accounts'
import { lockAccounts } from '../../ledger/store'
import { verifyLedger } from '../../ledger/verify'
import { makeCard } from '../../testing/cardFixtures'
import { createTestApi, type TestApi } from '../../testing/harness'

/**
 * The channel's settlement account is credited by every authorisation of the channel, so it
 * must be locked as briefly as possible (issue 9: p99 under 50 ms at 100/s): the decision
 * touches it only with its last statement, and the ledger's lock order puts such mirror
 * accounts last so that doing so cannot deadlock. Row locks need two connections: PostgreSQL
 * only (DATABASE_URL).
 */
describe.runIf(process.env.DATABASE_URL)('the settlement row under concurrent writers', () => {
  let api: TestApi
  beforeAll(async () => {
    api = await createTestApi()
  })
  afterAll(async () => {
    expect((await verifyLedger(api.deps.db)).mismatches).toEqual([])
    await api.close()
  })

  /**
   * Holds row locks on `ids` as another writer of the ledger does, in a transaction of its own
   * until `release` is called.
   */
  async function holdLocks(ids: number[]) {
    let release!: () => void
    const released = new Promise<void>((r) => (release = r))
    let locked!: () => void
    const isLocked = new Promise<void>((r) => (locked = r))
    const done = api.deps.db.transaction(async (tx) => {
      await tx.execute(
        sql`select id from ${ledgerAccounts} where id in (${sql.join(ids, sql`, `)}) for no key update`,
      )
      locked()
      await released
    })
    await isLocked
    return async () => {
      release()
      await done
    }
  }

  /** The statements of this database now waiting for a row lock. */
  async function waitingForLocks(): Promise<string[]> {
    const res = (await api.deps.db.execute(
      sql`select query from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
    )) as unknown as { rows: { query: string }[] }
    return res.rows.map((r) => r.query)
  }

  async function isFree(id: number): Promise<boolean> {
    try {
      await api.deps.db.transaction(async (tx) => {
        await tx.execute(
          sql`select id from ${ledgerAccounts} where id = ${id} for no key update nowait`,
        )
      })
      return true
    } catch {
      return false
    }
  }

  it('locks customers’ accounts before the mirrors of outside money, whatever their ids', async () => {
    // The mirror is opened first, so its id is the lower one: id order alone would take it first.
    const mirror = await openAccount(api.deps.db, {
      type: 'external_bank',
      ownerType: 'channel',
      ownerId: 999_001,
      currency: 'USD',
    })
    const customer = await openAccount(api.deps.db, {
      type: 'merchant_balance',
      ownerType: 'merchant',
      ownerId: 999_002,
      currency: 'USD',
    })
    expect(mirror.id).toBeLessThan(customer.id)

    const releaseCustomer = await holdLocks([customer.id])
    const writer = api.deps.db.transaction((tx) => lockAccounts(tx, [mirror.id, customer.id]))
    await expect.poll(waitingForLocks).toHaveLength(1)
    // The writer waits for the customer's account and has not taken the mirror yet.
    expect(await isFree(mirror.id)).toBe(true)
    await releaseCustomer()
    expect([...(await writer).keys()].sort()).toEqual([mirror.id, customer.id].sort())
  })

  it('takes the settlement row with the decision’s last statement only', async () => {
    const card = await makeCard(api.deps, { balance: 50_000 })
    const settlement = await openAccount(
      api.deps.db,
      channelSettlementKey(card.channelId, card.currency),
    )
    const before = settlement.creditsPending

    const releaseSettlement = await holdLocks([settlement.id])
    const decision = deliverChannelEvent(api.deps, 'sandbox', {
      id: 'lock-ev-1',
      occurredAt: api.clock.now().toISOString(),
      type: 'authorization',
      data: {
        cardRef: card.channelCardRef,
        txnRef: 'lock-txn-1',
        merchantAmount: 1_250,
        merchantCurrency: card.currency,
        cardAmount: 1_250,
        cardCurrency: card.currency,
        exchangeRate: '1',
        merchantName: 'Corner Cafe',
        region: 'SG',
        description: 'coffee',
      },
    })
    // Everything else of the decision is done; only the settlement's pending sum is left.
    await expect.poll(waitingForLocks).toHaveLength(1)
    const [waiting] = await waitingForLocks()
    expect(waiting).toMatch(/^update "ledger_accounts" set "credits_pending"/)
    await releaseSettlement()

    const res = await decision
    expect(res.status).toBe(200)
    expect((res.body.data as { outcome: string }).outcome).toBe('approved')
    const [row] = await api.deps.db
      .select()
      .from(cardTransactions)
      .where(eq(cardTransactions.txnRef, 'lock-txn-1'))
    expect(row.status).toBe('pending')
    const [after] = await api.deps.db
      .select()
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.id, settlement.id))
    expect(after.creditsPending - before).toBe(1_250)
  })
})
