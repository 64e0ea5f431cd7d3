import { and, count, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ChannelError } from '../../channels/issuer'
import { issuerFor } from '../../channels/registry'
import {
  channels,
  ledgerAccounts,
  ledgerEntries,
  ledgerHolds,
  merchants,
  sandboxCards,
} from '../../db/schema'
import { availableBalance } from '../../ledger/postings'
import { verifyLedger } from '../../ledger/verify'
import { makeCard } from '../../testing/cardFixtures'
import { countSandboxCalls, slowSandbox } from '../../testing/channelCalls'
import { createTestApi, type TestApi } from '../../testing/harness'
import { sessionFor } from '../../testing/sessions'

/**
 * Issue 17, item 8: a card operation reaches the issuer channel once per request, however
 * many copies arrive at once, and carries the request's idempotency key, which the sandbox
 * issuer honours. Real sandbox issuer (calls counted at the platform's side), with a latency
 * so the first call is still at the channel while its copies arrive; PGlite and PostgreSQL.
 */

let api: TestApi
let merchantUser: string
let skyline: number
let channel: ReturnType<typeof countSandboxCalls>

async function available(accountId: number) {
  const [a] = await api.deps.db
    .select()
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, accountId))
  return availableBalance(a)
}

async function merchantAvailable() {
  const [a] = await api.deps.db
    .select()
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.type, 'merchant_balance'),
        eq(ledgerAccounts.ownerId, skyline),
        eq(ledgerAccounts.currency, 'USD'),
      ),
    )
  return availableBalance(a)
}

async function sandboxBalance(cardRef: string) {
  const [row] = await api.deps.db
    .select()
    .from(sandboxCards)
    .where(eq(sandboxCards.cardRef, cardRef))
  return row.balance
}

async function entriesOf(prefix: string) {
  const [e] = await api.deps.db
    .select({ n: count() })
    .from(ledgerEntries)
    .where(like(ledgerEntries.requestId, `${prefix}%`))
  const [h] = await api.deps.db
    .select({ n: count() })
    .from(ledgerHolds)
    .where(like(ledgerHolds.requestId, `${prefix}%`))
  return { entries: Number(e.n), holds: Number(h.n) }
}

const tenAtOnce = (path: string, body: unknown) =>
  Promise.all(
    Array.from({ length: 10 }, () => api.call(`/card-ops/${path}`, body, { token: merchantUser })),
  )

beforeAll(async () => {
  api = await createTestApi()
  channel = countSandboxCalls()
  merchantUser = await sessionFor(api, 'merchant.user')
  const [m] = await api.deps.db
    .select()
    .from(merchants)
    .where(eq(merchants.name, 'Skyline Air Tickets'))
  skyline = m.id
  const card = await makeCard(api.deps, {})
  await slowSandbox(api.deps.db, card.channelId, ['topUp', 'withdraw'], 30)
}, 120_000)
afterAll(async () => {
  channel.restore()
  await api.close()
})

describe('a money operation retried in parallel', () => {
  it('top-up: 10 copies of one requestId move the ledger once, call the channel once, the sandbox card +amount once', async () => {
    const card = await makeCard(api.deps, { atSandbox: true })
    const m0 = await merchantAvailable()
    const answers = await tenAtOnce('top-up', { id: card.id, amount: 300, requestId: 'par-tu-1' })
    // Every copy waits for the first and answers its result.
    expect(answers.map((a) => a.body.code)).toEqual(Array(10).fill(0))
    expect(new Set(answers.map((a) => a.body.data.entryId)).size).toBe(1)
    expect(channel.count('topUp', card.channelCardRef)).toBe(1)
    expect(await sandboxBalance(card.channelCardRef)).toBe(300)
    expect(await available(card.accountId)).toBe(300)
    expect(await merchantAvailable()).toBe(m0 - 300)
    expect(await entriesOf('card-top-up:par-tu-1')).toEqual({ entries: 1, holds: 1 })
    // A later retry answers the same, still without the channel.
    const later = await api.call(
      '/card-ops/top-up',
      { id: card.id, amount: 300, requestId: 'par-tu-1' },
      { token: merchantUser },
    )
    expect(later.body.data.entryId).toBe(answers[0].body.data.entryId)
    expect(channel.count('topUp', card.channelCardRef)).toBe(1)
  })

  it('top-up spending the whole merchant balance: the copies answer the first result, not “insufficient”', async () => {
    const card = await makeCard(api.deps, { atSandbox: true })
    const all = await merchantAvailable()
    const answers = await tenAtOnce('top-up', { id: card.id, amount: all, requestId: 'par-tu-all' })
    expect(answers.map((a) => a.body.code)).toEqual(Array(10).fill(0))
    expect(channel.count('topUp', card.channelCardRef)).toBe(1)
    expect(await sandboxBalance(card.channelCardRef)).toBe(all)
    expect(await merchantAvailable()).toBe(0)
    // Give it back for the other tests.
    const back = await api.call(
      '/card-ops/withdraw',
      { id: card.id, amount: all, requestId: 'par-tu-all-back' },
      { token: merchantUser },
    )
    expect(back.body.code).toBe(0)
  })

  it('withdraw: 10 copies of one requestId move the ledger and the sandbox card once', async () => {
    const card = await makeCard(api.deps, { balance: 1_000, atSandbox: true })
    const answers = await tenAtOnce('withdraw', {
      id: card.id,
      amount: 400,
      requestId: 'par-wd-1',
    })
    expect(answers.map((a) => a.body.code)).toEqual(Array(10).fill(0))
    expect(new Set(answers.map((a) => a.body.data.entryId)).size).toBe(1)
    expect(channel.count('withdraw', card.channelCardRef)).toBe(1)
    expect(await sandboxBalance(card.channelCardRef)).toBe(600)
    expect(await available(card.accountId)).toBe(600)
    expect(await entriesOf('card-withdraw:par-wd-1')).toEqual({ entries: 1, holds: 1 })
  })

  it('the ledger verifies', async () => {
    expect((await verifyLedger(api.deps.db)).ok).toBe(true)
  })
})

describe('the sandbox issuer honours the idempotency key', () => {
  async function sandbox() {
    const [row] = await api.deps.db.select().from(channels).where(eq(channels.code, 'sandbox'))
    return issuerFor(api.deps, row)
  }

  it('a repeated key answers the first result and moves the balance once, also at the same moment', async () => {
    const card = await makeCard(api.deps, { atSandbox: true })
    const issuer = await sandbox()
    await issuer.topUp(card.channelCardRef, 250, 'USD', 'key-a')
    await issuer.topUp(card.channelCardRef, 250, 'USD', 'key-a')
    expect(await sandboxBalance(card.channelCardRef)).toBe(250)
    await Promise.all(
      Array.from({ length: 5 }, () => issuer.topUp(card.channelCardRef, 100, 'USD', 'key-b')),
    )
    expect(await sandboxBalance(card.channelCardRef)).toBe(350)
    await issuer.withdraw(card.channelCardRef, 50, 'USD', 'key-c')
    await issuer.withdraw(card.channelCardRef, 50, 'USD', 'key-c')
    expect(await sandboxBalance(card.channelCardRef)).toBe(300)
  })

  it('the same key with other arguments is refused; a refused operation is judged afresh', async () => {
    const card = await makeCard(api.deps, { atSandbox: true })
    const issuer = await sandbox()
    await issuer.topUp(card.channelCardRef, 10, 'USD', 'key-d')
    await expect(issuer.topUp(card.channelCardRef, 11, 'USD', 'key-d')).rejects.toMatchObject({
      kind: 'refused',
    })
    // Short: refused and not remembered, so the same key goes through once there is money.
    await expect(issuer.withdraw(card.channelCardRef, 30, 'USD', 'key-e')).rejects.toBeInstanceOf(
      ChannelError,
    )
    await issuer.topUp(card.channelCardRef, 20, 'USD', 'key-f')
    await issuer.withdraw(card.channelCardRef, 30, 'USD', 'key-e')
    expect(await sandboxBalance(card.channelCardRef)).toBe(0)
  })

  it('status operations too: a repeated freeze key is the first freeze, not a refusal', async () => {
    const card = await makeCard(api.deps, { atSandbox: true })
    const issuer = await sandbox()
    await issuer.freeze(card.channelCardRef, 'key-g')
    await issuer.freeze(card.channelCardRef, 'key-g')
    await expect(issuer.freeze(card.channelCardRef, 'key-h')).rejects.toMatchObject({
      kind: 'refused',
    })
    const [row] = await api.deps.db
      .select()
      .from(sandboxCards)
      .where(eq(sandboxCards.cardRef, card.channelCardRef))
    expect(row.status).toBe('blocked')
  })
})
