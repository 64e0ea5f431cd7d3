import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deliverChannelEvent } from '../../channels/transport'
import {
  cards,
  cardTransactions,
  ledgerAccounts,
  ledgerEntries,
  ledgerHolds,
} from '../../db/schema'
import { availableBalance, postedBalance } from '../../ledger/postings'
import { verifyLedger } from '../../ledger/verify'
import { makeCard, type CardFixture } from '../../testing/cardFixtures'
import { createTestApi, type TestApi } from '../../testing/harness'

/**
 * Card transactions through the signed webhook, as the channel sends them: every decision,
 * every follow-up, resent events, and the card's money after each (ledger verified).
 */
let api: TestApi
beforeAll(async () => {
  api = await createTestApi()
})
afterAll(async () => {
  expect((await verifyLedger(api.deps.db)).mismatches).toEqual([])
  await api.close()
})

let seq = 0
const next = (p: string) => `${p}-${++seq}`

function auth(card: CardFixture, amount: number, extra: Record<string, unknown> = {}) {
  const txnRef = next('txn')
  const event = {
    id: next('ev'),
    occurredAt: api.clock.now().toISOString(),
    type: 'authorization',
    data: {
      cardRef: card.channelCardRef,
      txnRef,
      merchantAmount: amount,
      merchantCurrency: card.currency,
      cardAmount: amount,
      cardCurrency: card.currency,
      exchangeRate: '1',
      merchantName: 'Corner Cafe',
      region: 'SG',
      description: 'coffee',
      ...extra,
    },
  }
  return { txnRef, event, send: () => send(event) }
}

async function send(event: unknown) {
  const res = await deliverChannelEvent(api.deps, 'sandbox', event)
  expect(res.status).toBe(200)
  return res.body.data as { outcome: string; reason?: string; authCode?: string }
}

function followUp(
  card: CardFixture,
  type: 'clearing' | 'reversal' | 'expiry',
  txnRef: string,
  cardAmount?: number,
) {
  return send({
    id: next('ev'),
    occurredAt: api.clock.now().toISOString(),
    type,
    data: { cardRef: card.channelCardRef, txnRef, ...(cardAmount ? { cardAmount } : {}) },
  })
}

async function account(card: CardFixture) {
  const [a] = await api.deps.db
    .select()
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, card.accountId))
  return { posted: postedBalance(a), available: availableBalance(a), pending: a.debitsPending }
}

async function txn(ref: string) {
  const [row] = await api.deps.db
    .select()
    .from(cardTransactions)
    .where(eq(cardTransactions.txnRef, ref))
  return row
}

async function pendingCount(card: CardFixture) {
  const [c] = await api.deps.db.select().from(cards).where(eq(cards.id, card.id))
  return c.pendingTransactions
}

describe('authorisation', () => {
  it('approves within the balance: a hold, an auth code, a pending row, the count up', async () => {
    const card = await makeCard(api.deps, { balance: 10_000 })
    const a = auth(card, 2_500)
    const answer = await a.send()
    expect(answer.outcome).toBe('approved')
    expect(answer.authCode).toMatch(/^[0-9]{6}$/)
    expect(await account(card)).toEqual({ posted: 10_000, available: 7_500, pending: 2_500 })
    const row = await txn(a.txnRef)
    expect(row).toMatchObject({
      status: 'pending',
      result: 'approved',
      type: 'purchase',
      authCode: answer.authCode,
      cardAmount: 2_500,
      merchantName: 'Corner Cafe',
    })
    expect(row.holdId).not.toBeNull()
    expect(await pendingCount(card)).toBe(1)
  })

  it('a resent authorisation (same event, or a new event id with the same txnRef) acts once', async () => {
    const card = await makeCard(api.deps, { balance: 10_000 })
    const a = auth(card, 4_000)
    const first = await a.send()
    const again = await send(a.event)
    const sameRef = await send({ ...a.event, id: next('ev') })
    expect(again).toEqual(first)
    expect(sameRef).toEqual(first)
    expect(await account(card)).toMatchObject({ available: 6_000, pending: 4_000 })
    expect(await pendingCount(card)).toBe(1)
  })

  it.each([
    ['insufficientFunds', { balance: 1_000 }, 1_001, {}],
    ['cardBlocked', { balance: 10_000, status: 'blocked' as const }, 100, {}],
    ['cardCancelled', { balance: 10_000, status: 'cancelled' as const }, 100, {}],
    ['cardCancelled', { balance: 10_000, status: 'cancelRequested' as const }, 100, {}],
    [
      'overLimitPerTransaction',
      { balance: 10_000, limits: { limitPerTransaction: 999 } },
      1_000,
      {},
    ],
    ['channelError', { balance: 10_000 }, 100, { cardCurrency: 'EUR' }],
  ])(
    'declines for %s and keeps the reason, moving nothing',
    async (reason, opts, amount, extra) => {
      const card = await makeCard(api.deps, opts)
      const before = await account(card)
      const a = auth(card, amount, extra)
      expect(await a.send()).toEqual({ outcome: 'declined', reason })
      expect(await account(card)).toEqual(before)
      expect(await txn(a.txnRef)).toMatchObject({
        status: 'rejected',
        result: reason,
        declineReason: reason,
        holdId: null,
        authCode: null,
      })
      expect(await pendingCount(card)).toBe(0)
    },
  )

  it('declines an expired card (the event after the expiry month)', async () => {
    const card = await makeCard(api.deps, { balance: 10_000 })
    await api.deps.db.update(cards).set({ expiry: '2020-01' }).where(eq(cards.id, card.id))
    expect(await auth(card, 100).send()).toEqual({ outcome: 'declined', reason: 'expired' })
  })

  it('declines over the daily, monthly and lifetime limits from pending and cleared purchases', async () => {
    const daily = await makeCard(api.deps, { balance: 100_000, limits: { limitDaily: 5_000 } })
    const first = auth(daily, 3_000)
    await first.send()
    await followUp(daily, 'clearing', first.txnRef, 2_000) // cleared 2,000 counts, not 3,000
    expect((await auth(daily, 3_000).send()).outcome).toBe('approved') // 5,000: at the limit
    expect(await auth(daily, 1).send()).toEqual({ outcome: 'declined', reason: 'overLimitDaily' })

    const monthly = await makeCard(api.deps, { balance: 100_000, limits: { limitMonthly: 1_000 } })
    await auth(monthly, 600).send()
    expect(await auth(monthly, 500).send()).toEqual({
      outcome: 'declined',
      reason: 'overLimitMonthly',
    })
    const life = await makeCard(api.deps, { balance: 100_000, limits: { limitLifetime: 700 } })
    const reversed = auth(life, 700)
    await reversed.send()
    await followUp(life, 'reversal', reversed.txnRef) // a reversed one no longer counts
    await auth(life, 700).send()
    expect(await auth(life, 1).send()).toEqual({
      outcome: 'declined',
      reason: 'overLimitLifetime',
    })
  })

  it('declines an authorisation whose txnRef is another card’s purchase or a refund', async () => {
    const card = await makeCard(api.deps, { balance: 10_000 })
    const other = await makeCard(api.deps, { balance: 10_000 })
    const a = auth(card, 1_000)
    expect((await a.send()).outcome).toBe('approved')
    // The same txnRef on another card is not a resend of the first decision.
    const stolen = auth(other, 1_000)
    stolen.event.data.txnRef = a.txnRef
    expect(await send(stolen.event)).toEqual({ outcome: 'declined', reason: 'channelError' })
    expect(await account(other)).toEqual({ posted: 10_000, available: 10_000, pending: 0 })
    await followUp(card, 'clearing', a.txnRef, 1_000)
    const refundRef = next('refund')
    expect(
      await send({
        id: next('ev'),
        occurredAt: api.clock.now().toISOString(),
        type: 'refund',
        data: {
          cardRef: card.channelCardRef,
          txnRef: refundRef,
          originalTxnRef: a.txnRef,
          merchantAmount: 100,
          merchantCurrency: 'USD',
          cardAmount: 100,
          cardCurrency: 'USD',
          exchangeRate: '1',
          merchantName: 'Corner Cafe',
          region: 'SG',
        },
      }),
    ).toEqual({ outcome: 'accepted' })
    const onRefund = auth(card, 500)
    onRefund.event.data.txnRef = refundRef
    expect(await send(onRefund.event)).toEqual({ outcome: 'declined', reason: 'channelError' })
    expect(await account(card)).toEqual({ posted: 9_100, available: 9_100, pending: 0 })
  })

  it('declines an unknown card without a row', async () => {
    const ghost = { channelCardRef: 'no-such-card', currency: 'USD' } as CardFixture
    const a = auth(ghost, 100)
    expect(await a.send()).toEqual({ outcome: 'declined', reason: 'channelError' })
    expect(await txn(a.txnRef)).toBeUndefined()
  })
})

describe('follow-ups', () => {
  it('clearing in full posts the hold: balance down, nothing pending, row success', async () => {
    const card = await makeCard(api.deps, { balance: 10_000 })
    const a = auth(card, 3_000)
    await a.send()
    expect(await followUp(card, 'clearing', a.txnRef, 3_000)).toEqual({ outcome: 'accepted' })
    expect(await account(card)).toEqual({ posted: 7_000, available: 7_000, pending: 0 })
    expect(await txn(a.txnRef)).toMatchObject({ status: 'success', clearedAmount: 3_000 })
    expect(await pendingCount(card)).toBe(0)
    const [hold] = await api.deps.db
      .select()
      .from(ledgerHolds)
      .where(eq(ledgerHolds.id, (await txn(a.txnRef)).holdId!))
    expect(hold).toMatchObject({ status: 'posted', postedAmount: 3_000 })
  })

  it('partial clearing posts part and releases the rest; a resent clearing acts once', async () => {
    const card = await makeCard(api.deps, { balance: 10_000 })
    const a = auth(card, 3_000)
    await a.send()
    const clearing = {
      id: next('ev'),
      occurredAt: api.clock.now().toISOString(),
      type: 'clearing',
      data: { cardRef: card.channelCardRef, txnRef: a.txnRef, cardAmount: 1_200 },
    }
    expect(await send(clearing)).toEqual({ outcome: 'accepted' })
    expect(await send(clearing)).toEqual({ outcome: 'accepted' })
    // Another event id for the same clearing: already cleared, accepted, nothing moves.
    expect(await send({ ...clearing, id: next('ev') })).toEqual({ outcome: 'accepted' })
    expect(await account(card)).toEqual({ posted: 8_800, available: 8_800, pending: 0 })
    expect(await txn(a.txnRef)).toMatchObject({ status: 'success', clearedAmount: 1_200 })
  })

  it('a clearing above the authorised amount is refused and moves nothing; the right one then posts', async () => {
    const card = await makeCard(api.deps, { balance: 10_000 })
    const a = auth(card, 1_000)
    await a.send()
    expect(await followUp(card, 'clearing', a.txnRef, 5_000)).toEqual({
      outcome: 'declined',
      reason: 'clearingAboveAuthorised',
    })
    expect(await account(card)).toEqual({ posted: 10_000, available: 9_000, pending: 1_000 })
    expect(await txn(a.txnRef)).toMatchObject({ status: 'pending', clearedAmount: 0 })
    expect(await followUp(card, 'clearing', a.txnRef, 1_000)).toEqual({ outcome: 'accepted' })
    expect(await account(card)).toEqual({ posted: 9_000, available: 9_000, pending: 0 })
  })

  it.each(['reversal', 'expiry'] as const)(
    '%s releases the hold: balance whole, row cancel, count down',
    async (type) => {
      const card = await makeCard(api.deps, { balance: 10_000 })
      const a = auth(card, 2_000)
      await a.send()
      expect(await followUp(card, type, a.txnRef)).toEqual({ outcome: 'accepted' })
      expect(await followUp(card, type, a.txnRef)).toEqual({ outcome: 'accepted' })
      expect(await account(card)).toEqual({ posted: 10_000, available: 10_000, pending: 0 })
      expect(await txn(a.txnRef)).toMatchObject({ status: 'cancel', clearedAmount: 0 })
      expect(await pendingCount(card)).toBe(0)
      // Released, a clearing is refused and changes nothing.
      expect(await followUp(card, 'clearing', a.txnRef, 2_000)).toEqual({
        outcome: 'declined',
        reason: 'alreadyReleased',
      })
      expect(await account(card)).toEqual({ posted: 10_000, available: 10_000, pending: 0 })
    },
  )

  it('a follow-up for an unknown txnRef or card, or a declined authorisation, is refused', async () => {
    const card = await makeCard(api.deps, { balance: 1_000 })
    const unknown = { outcome: 'declined', reason: 'unknownTransaction' }
    for (const type of ['clearing', 'reversal', 'expiry'] as const) {
      expect(await followUp(card, type, 'never-seen', 100)).toEqual(unknown)
    }
    const ghost = { channelCardRef: 'no-such-card' } as CardFixture
    expect(await followUp(ghost, 'reversal', 'never-seen')).toEqual(unknown)
    // A declined authorisation has nothing to clear.
    const poor = auth(card, 5_000)
    await poor.send()
    expect(await followUp(card, 'clearing', poor.txnRef, 5_000)).toEqual({
      outcome: 'declined',
      reason: 'transactionDeclined',
    })
    expect(await account(card)).toEqual({ posted: 1_000, available: 1_000, pending: 0 })
  })

  it('a reversal or expiry of a cleared purchase, or another clearing amount, is refused', async () => {
    const card = await makeCard(api.deps, { balance: 10_000 })
    const a = auth(card, 3_000)
    await a.send()
    await followUp(card, 'clearing', a.txnRef, 2_500)
    const cleared = { outcome: 'declined', reason: 'alreadyCleared' }
    expect(await followUp(card, 'reversal', a.txnRef)).toEqual(cleared)
    expect(await followUp(card, 'expiry', a.txnRef)).toEqual(cleared)
    expect(await followUp(card, 'clearing', a.txnRef, 3_000)).toEqual(cleared)
    // The same clearing again is what already happened.
    expect(await followUp(card, 'clearing', a.txnRef, 2_500)).toEqual({ outcome: 'accepted' })
    expect(await account(card)).toEqual({ posted: 7_500, available: 7_500, pending: 0 })
    expect(await txn(a.txnRef)).toMatchObject({ status: 'success', clearedAmount: 2_500 })
  })

  it('a refund credits the card once, as its own row', async () => {
    const card = await makeCard(api.deps, { balance: 5_000 })
    const a = auth(card, 2_000)
    await a.send()
    await followUp(card, 'clearing', a.txnRef, 2_000)
    const refund = {
      id: next('ev'),
      occurredAt: api.clock.now().toISOString(),
      type: 'refund',
      data: {
        cardRef: card.channelCardRef,
        txnRef: next('refund'),
        originalTxnRef: a.txnRef,
        merchantAmount: 1_500,
        merchantCurrency: 'USD',
        cardAmount: 1_500,
        cardCurrency: 'USD',
        exchangeRate: '1',
        merchantName: 'Corner Cafe',
        region: 'SG',
      },
    }
    expect(await send(refund)).toEqual({ outcome: 'accepted' })
    expect(await send(refund)).toEqual({ outcome: 'accepted' })
    expect(await send({ ...refund, id: next('ev') })).toEqual({ outcome: 'accepted' })
    expect(await account(card)).toEqual({ posted: 4_500, available: 4_500, pending: 0 })
    const rows = await api.deps.db
      .select()
      .from(cardTransactions)
      .where(and(eq(cardTransactions.cardId, card.id), eq(cardTransactions.type, 'refund')))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ status: 'success', result: 'approved', cardAmount: 1_500 })
    expect(rows[0].entryId).not.toBeNull()
  })
})

describe('refunds checked against the purchase they pay back', () => {
  function refundOf(card: CardFixture, originalTxnRef: string | undefined, cardAmount: number) {
    return {
      id: next('ev'),
      occurredAt: api.clock.now().toISOString(),
      type: 'refund',
      data: {
        cardRef: card.channelCardRef,
        txnRef: next('refund'),
        ...(originalTxnRef === undefined ? {} : { originalTxnRef }),
        merchantAmount: cardAmount,
        merchantCurrency: card.currency,
        cardAmount,
        cardCurrency: card.currency,
        exchangeRate: '1',
        merchantName: 'Corner Cafe',
        region: 'SG',
      },
    }
  }

  /** A card with a purchase of `authorised`, cleared for `cleared` (not cleared when null). */
  async function purchase(authorised: number, cleared: number | null) {
    const card = await makeCard(api.deps, { balance: 10_000 })
    const a = auth(card, authorised)
    expect((await a.send()).outcome).toBe('approved')
    if (cleared !== null) await followUp(card, 'clearing', a.txnRef, cleared)
    return { card, txnRef: a.txnRef }
  }

  /** Everything a refund could move: the card's money, its rows, the ledger's entries. */
  async function movements(card: CardFixture) {
    const rows = await api.deps.db
      .select()
      .from(cardTransactions)
      .where(eq(cardTransactions.cardId, card.id))
    const [{ entries }] = await api.deps.db.select({ entries: count() }).from(ledgerEntries)
    return { account: await account(card), rows: rows.length, entries }
  }

  async function refusedWith(card: CardFixture, event: unknown, reason: string) {
    const before = await movements(card)
    expect(await send(event)).toEqual({ outcome: 'declined', reason })
    // The same event again gets the same answer (the webhook's log).
    expect(await send(event)).toEqual({ outcome: 'declined', reason })
    expect(await movements(card)).toEqual(before)
  }

  it('refuses a refund above what the purchase cleared (5,000 against 600)', async () => {
    const { card, txnRef } = await purchase(1_000, 600)
    await refusedWith(card, refundOf(card, txnRef, 5_000), 'refundAboveCleared')
    // Exactly what it cleared is allowed.
    expect(await send(refundOf(card, txnRef, 600))).toEqual({ outcome: 'accepted' })
    expect(await txn(txnRef)).toMatchObject({ clearedAmount: 600, refundedAmount: 600 })
    await refusedWith(card, refundOf(card, txnRef, 1), 'refundAboveCleared')
  })

  it('counts the refunds already made: 400 + 400 against 600, the second refused', async () => {
    const { card, txnRef } = await purchase(600, 600)
    expect(await send(refundOf(card, txnRef, 400))).toEqual({ outcome: 'accepted' })
    await refusedWith(card, refundOf(card, txnRef, 400), 'refundAboveCleared')
    expect(await send(refundOf(card, txnRef, 200))).toEqual({ outcome: 'accepted' })
    expect(await txn(txnRef)).toMatchObject({ refundedAmount: 600 })
    expect(await account(card)).toEqual({ posted: 10_000, available: 10_000, pending: 0 })
  })

  it('two different refunds at once never add up to more than was cleared', async () => {
    const { card, txnRef } = await purchase(600, 600)
    const answers = await Promise.all([
      send(refundOf(card, txnRef, 400)),
      send(refundOf(card, txnRef, 400)),
      send(refundOf(card, txnRef, 400)),
    ])
    expect(answers.filter((a) => a.outcome === 'accepted')).toHaveLength(1)
    expect(answers.filter((a) => a.reason === 'refundAboveCleared')).toHaveLength(2)
    expect(await txn(txnRef)).toMatchObject({ refundedAmount: 400 })
    expect(await account(card)).toEqual({ posted: 9_800, available: 9_800, pending: 0 })
  })

  it('refuses a refund of a transaction never authorised, of another card, or naming none', async () => {
    const { card, txnRef } = await purchase(1_000, 1_000)
    await refusedWith(card, refundOf(card, 'never-authorised', 100), 'unknownTransaction')
    await refusedWith(card, refundOf(card, undefined, 100), 'unknownTransaction')
    const other = await makeCard(api.deps, { balance: 1_000 })
    await refusedWith(other, refundOf(other, txnRef, 100), 'unknownTransaction')
    // A refund whose own reference is a purchase's is not that purchase's refund.
    const sameRef = refundOf(card, txnRef, 100)
    sameRef.data.txnRef = txnRef
    await refusedWith(card, sameRef, 'unknownTransaction')
    const ghost = { ...card, channelCardRef: 'no-such-card' }
    expect(await send(refundOf(ghost, txnRef, 100))).toEqual({
      outcome: 'declined',
      reason: 'unknownTransaction',
    })
  })

  it('refuses a refund of a reversed, expired, pending or declined purchase', async () => {
    for (const type of ['reversal', 'expiry'] as const) {
      const { card, txnRef } = await purchase(1_000, null)
      await followUp(card, type, txnRef)
      await refusedWith(card, refundOf(card, txnRef, 100), 'notCleared')
    }
    const pending = await purchase(1_000, null)
    await refusedWith(pending.card, refundOf(pending.card, pending.txnRef, 100), 'notCleared')
    const card = await makeCard(api.deps, { balance: 100 })
    const poor = auth(card, 5_000)
    await poor.send()
    await refusedWith(card, refundOf(card, poor.txnRef, 100), 'transactionDeclined')
  })

  it.each([
    ['refund', (card: CardFixture, ref: string) => refundOf(card, ref, Number.MAX_SAFE_INTEGER)],
    [
      'clearing',
      (card: CardFixture, ref: string) => ({
        id: next('ev'),
        occurredAt: api.clock.now().toISOString(),
        type: 'clearing',
        data: { cardRef: card.channelCardRef, txnRef: ref, cardAmount: 1e15 + 1 },
      }),
    ],
    ['authorisation', (card: CardFixture) => auth(card, 2 ** 53 - 1).event],
  ])(
    'refuses an amount above 10^15 in a %s as malformed (400), acting on nothing',
    async (_, make) => {
      const { card, txnRef } = await purchase(1_000, 1_000)
      const before = await movements(card)
      const res = await deliverChannelEvent(api.deps, 'sandbox', make(card, txnRef))
      expect(res.status).toBe(400)
      expect(res.body.code).toBe(400)
      expect(JSON.stringify(res.body)).toContain('cardAmount')
      expect(await movements(card)).toEqual(before)
    },
  )
})
