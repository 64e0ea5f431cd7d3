import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deliverChannelEvent } from '../../channels/transport'
import {
  cardTransactions,
  channelEvents,
  channels,
  ledgerAccounts,
  ledgerHolds,
  merchants,
} from '../../db/schema'
import { availableBalance, postedBalance } from '../../ledger/postings'
import { verifyLedger } from '../../ledger/verify'
import { makeCard, type CardFixture } from '../../testing/cardFixtures'
import { createTestApi, DEMO, type TestApi } from '../../testing/harness'
import { sessionFor } from '../../testing/sessions'

/**
 * The sandbox simulation (over the signed webhook), the list with its filters and scope, the
 * zh-CN labels, and concurrent authorisations on one card.
 */
let api: TestApi
let tokens: Record<'admin' | 'merchant' | 'company' | 'auditor', string>
let skyline: number
let lotus: number
/** Sessions as of the clock's time (moving the clock days ahead ends the old ones). */
async function signIn() {
  tokens = {
    admin: await sessionFor(api, DEMO.admin[0]),
    merchant: await sessionFor(api, DEMO.merchant[0]),
    company: await sessionFor(api, DEMO.company[0]),
    auditor: await sessionFor(api, DEMO.auditor[0]),
  }
}
beforeAll(async () => {
  api = await createTestApi()
  await signIn()
  const rows = await api.deps.db.select().from(merchants)
  skyline = rows.find((m) => m.name === 'Skyline Air Tickets')!.id
  lotus = rows.find((m) => m.name === 'Lotus Car Rental')!.id
})
afterAll(async () => {
  expect((await verifyLedger(api.deps.db)).mismatches).toEqual([])
  await api.close()
})

type Answer = { outcome: string; reason?: string; authCode?: string; transactionId: number }

async function simulate(
  kind: string,
  body: Record<string, unknown>,
  token = tokens.merchant,
  lang?: string,
) {
  return api.call<Answer>(`/cards/simulate/${kind}`, body, { token, lang })
}

const authBody = (card: CardFixture, amount: number, currency = 'USD') => ({
  cardId: card.id,
  amount,
  currency,
  merchantName: 'Sandbox Books',
  region: 'SG',
})

async function balances(card: CardFixture) {
  const [a] = await api.deps.db
    .select()
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, card.accountId))
  return { posted: postedBalance(a), available: availableBalance(a) }
}

async function list(filters: Record<string, unknown>, token = tokens.admin, lang?: string) {
  const res = await api.call<{
    list: Record<string, number | string | null>[]
    total: number
  }>('/card-transactions/list', { pageNum: 1, pageSize: 200, filters }, { token, lang })
  expect(res.status).toBe(200)
  return res.body.data
}

describe('sandbox simulation', () => {
  it('authorises through the webhook, then clears partly: the hold posts part of it', async () => {
    const card = await makeCard(api.deps, { balance: 20_000, merchantId: skyline })
    const res = await simulate('authorization', authBody(card, 5_000))
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ outcome: 'approved', authCode: expect.any(String) })
    const id = res.body.data.transactionId
    expect(await balances(card)).toEqual({ posted: 20_000, available: 15_000 })
    // The webhook logged the event: it came through the signed route, not a direct call.
    const logged = await api.deps.db
      .select()
      .from(channelEvents)
      .where(eq(channelEvents.type, 'authorization'))
    expect(logged.length).toBeGreaterThan(0)

    expect((await simulate('clearing', { transactionId: id, amount: 6_000 })).body.code).toBe(3075)
    const cleared = await simulate('clearing', { transactionId: id, amount: 4_000 })
    expect(cleared.body.data.outcome).toBe('accepted')
    expect(await balances(card)).toEqual({ posted: 16_000, available: 16_000 })
    expect((await simulate('reversal', { transactionId: id })).body.code).toBe(3074)

    const refund = await simulate('refund', { transactionId: id, amount: 1_000 })
    expect(refund.body.data.outcome).toBe('accepted')
    expect(await balances(card)).toEqual({ posted: 17_000, available: 17_000 })
    // No more than what is left of the clearing.
    expect((await simulate('refund', { transactionId: id, amount: 3_001 })).body.code).toBe(3076)
  })

  it('declines for insufficient funds, the reason in the answer and the list, in zh-CN too', async () => {
    const card = await makeCard(api.deps, { balance: 1_000, merchantId: skyline })
    const res = await simulate('authorization', authBody(card, 1_001))
    expect(res.body.data).toMatchObject({ outcome: 'declined', reason: 'insufficientFunds' })
    const { list: rows } = await list({ card: String(card.id) }, tokens.merchant, 'zh-CN')
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ status: 'rejected', result: 'insufficientFunds' })
    const desc = await api.call<Record<string, Record<string, string>>>(
      '/common/queryDesc',
      { codes: ['decline_reason'] },
      { token: tokens.merchant, lang: 'zh-CN' },
    )
    expect(desc.body.data.decline_reason.insufficientFunds).toBe('余额不足')
    expect(desc.body.data.decline_reason.overLimitDaily).toBe('超过日限额')
    const en = await api.call<Record<string, Record<string, string>>>(
      '/common/queryDesc',
      { codes: ['decline_reason'] },
      { token: tokens.merchant },
    )
    expect(en.body.data.decline_reason.insufficientFunds).toBe('Insufficient funds')
  })

  it('converts a foreign-currency purchase at the FX rate; refuses a pair without one', async () => {
    const card = await makeCard(api.deps, { balance: 50_000, merchantId: skyline })
    const res = await simulate('authorization', authBody(card, 10_000, 'SGD'))
    expect(res.body.data.outcome).toBe('approved')
    const [row] = await api.deps.db
      .select()
      .from(cardTransactions)
      .where(eq(cardTransactions.id, res.body.data.transactionId))
    expect(row.merchantCurrency).toBe('SGD')
    expect(row.cardCurrency).toBe('USD')
    expect(row.exchangeRate).not.toBe('1')
    expect(row.cardAmount).toBe(Math.round(10_000 * Number(row.exchangeRate)))
    const none = await simulate('authorization', authBody(card, 100, 'JPY'))
    expect(none.body.code).toBe(3073)
  })

  it('refuses a card out of reach, a non-sandbox card and users without the button', async () => {
    const other = await makeCard(api.deps, { balance: 1_000, merchantId: lotus })
    expect((await simulate('authorization', authBody(other, 100))).body.code).toBe(3071)
    const [ch] = await api.deps.db
      .insert(channels)
      .values({ code: 'realbank', name: 'Real bank' })
      .returning()
    const real = await makeCard(api.deps, { balance: 1_000, merchantId: skyline })
    await api.deps.db.execute(sql`update cards set channel_id = ${ch.id} where id = ${real.id}`)
    expect((await simulate('authorization', authBody(real, 100))).body.code).toBe(3072)
    const denied = await simulate('authorization', authBody(other, 100), tokens.auditor)
    expect(denied.status).toBe(403)
    expect((await simulate('authorization', authBody(other, 100), tokens.company)).status).toBe(403)
    expect(await balances(other)).toEqual({ posted: 1_000, available: 1_000 })
  })
})

describe('the list', () => {
  it('filters by merchant, date range, status, type, card id and last four; scoped', async () => {
    const mine = await makeCard(api.deps, { balance: 10_000, merchantId: skyline })
    const theirs = await makeCard(api.deps, { balance: 10_000, merchantId: lotus })
    api.clock.advance(10 * 86_400)
    await signIn()
    const day = api.clock.now().toISOString().slice(0, 10)
    await simulate('authorization', authBody(mine, 100))
    await simulate('authorization', authBody(theirs, 200), tokens.admin)
    api.clock.advance(10 * 86_400)
    await signIn()
    await simulate('authorization', authBody(mine, 99_999)) // declined

    const byCard = await list({ card: String(mine.id) })
    expect(byCard.total).toBe(2)
    expect(
      byCard.list.every(
        (r) => r.cardMasked === `${mine.number.slice(0, 6)}******${mine.number.slice(-4)}`,
      ),
    ).toBe(true)
    expect(JSON.stringify(byCard.list)).not.toContain(mine.number)
    expect((await list({ last4: mine.number.slice(-4) })).list.map((r) => r.cardId)).toContain(
      mine.id,
    )
    const bad = await api.call(
      '/card-transactions/list',
      { filters: { card: 'not-a-number' } },
      { token: tokens.admin },
    )
    expect(bad.status).toBe(400)
    const oneDay = await list({ card: String(mine.id), occurredAt: { from: day, to: day } })
    expect(oneDay.list.map((r) => r.cardAmount)).toEqual([100])
    expect((await list({ card: String(mine.id), status: 'rejected' })).list).toHaveLength(1)
    expect((await list({ card: String(mine.id), type: 'refund' })).total).toBe(0)
    const lotusRows = await list({ merchant: lotus })
    expect(lotusRows.list.every((r) => r.merchantId === lotus)).toBe(true)
    expect(lotusRows.list.map((r) => r.cardId)).toContain(theirs.id)

    // merchant.user (Skyline): its own only; company.admin (the parent company): its subtree.
    const merchantView = await list({}, tokens.merchant)
    expect(merchantView.list.every((r) => r.merchantId === skyline)).toBe(true)
    expect(merchantView.list.map((r) => r.cardId)).not.toContain(theirs.id)
    const companyView = await list({}, tokens.company)
    expect(companyView.list.map((r) => r.cardId)).toEqual(
      expect.arrayContaining([mine.id, theirs.id]),
    )
    const auditorView = await list({}, tokens.auditor)
    expect(auditorView.total).toBe((await list({})).total)
  })

  it('exports the filtered rows with masked cards and headers in the language', async () => {
    const card = await makeCard(api.deps, { balance: 10_000, merchantId: skyline })
    await simulate('authorization', authBody(card, 321))
    const res = await api.fetch(
      '/card-transactions/export',
      { format: 'csv', filters: { card: String(card.id) } },
      { token: tokens.merchant, lang: 'zh-CN' },
    )
    expect(res.status).toBe(200)
    const text = await res.text()
    expect(text).toContain('授权码')
    expect(text).toContain(`${card.number.slice(0, 6)}******${card.number.slice(-4)}`)
    expect(text).not.toContain(card.number)
    expect(text.trim().split('\n')).toHaveLength(2)
  })
})

describe('authorised, cleared and refunded in the list', () => {
  it('shows each purchase’s cleared and refunded amounts and marks a partial clearing', async () => {
    const card = await makeCard(api.deps, { balance: 50_000, merchantId: skyline })
    const partial = (await simulate('authorization', authBody(card, 16_275))).body.data
    await simulate('clearing', { transactionId: partial.transactionId, amount: 10_000 })
    await simulate('refund', { transactionId: partial.transactionId, amount: 2_000 })
    const full = (await simulate('authorization', authBody(card, 5_000))).body.data
    await simulate('clearing', { transactionId: full.transactionId })
    const pending = (await simulate('authorization', authBody(card, 700))).body.data

    const { list: rows } = await list({ card: String(card.id) }, tokens.merchant)
    const byId = new Map(rows.map((r) => [r.id, r]))
    expect(byId.get(partial.transactionId)).toMatchObject({
      status: 'success',
      cardAmount: 16_275,
      clearedAmount: 10_000,
      refundedAmount: 2_000,
      partlyCleared: true,
    })
    expect(byId.get(full.transactionId)).toMatchObject({
      clearedAmount: 5_000,
      refundedAmount: 0,
      partlyCleared: false,
    })
    expect(byId.get(pending.transactionId)).toMatchObject({
      status: 'pending',
      partlyCleared: false,
    })
    const refundRow = rows.find((r) => r.type === 'refund')
    expect(refundRow).toMatchObject({ cardAmount: 2_000, refundedAmount: 0, partlyCleared: false })

    // The export carries the same: the cleared and refunded columns and the partial mark.
    const res = await api.fetch(
      '/card-transactions/export',
      { format: 'csv', filters: { card: String(card.id), type: 'purchase', status: 'success' } },
      { token: tokens.merchant },
    )
    const [header, ...lines] = (await res.text()).trim().split('\n')
    const cells = (line: string) => line.split(',').map((c) => c.replace(/^"|"$/g, ''))
    const columns = cells(header)
    const at = (line: string, name: string) => cells(line)[columns.indexOf(name)]
    // Amounts in major units, the header naming where their currency is (issue 18).
    const [cleared, refunded] = ['Cleared (Card currency)', 'Refunded (Card currency)']
    expect(columns).toEqual(expect.arrayContaining([cleared, refunded, 'Partly cleared']))
    const partialLine = lines.find((l) => at(l, 'Card amount (Card currency)') === '162.75')!
    expect([at(partialLine, cleared), at(partialLine, refunded)]).toEqual(['100.00', '20.00'])
    expect(at(partialLine, 'Partly cleared')).toBe('Yes')
    // Added up, the Cleared column is the spend the dashboard counts: 100.00 + 50.00.
    expect(lines.reduce((n, l) => n + Number(at(l, cleared)), 0)).toBe(150)
  })
})

describe('concurrent authorisations on one card', () => {
  it('never overspend the balance nor break a limit', async () => {
    const card = await makeCard(api.deps, {
      balance: 10_000,
      merchantId: skyline,
      limits: { limitDaily: 7_000 },
    })
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        deliverChannelEvent(api.deps, 'sandbox', {
          id: `race-${card.id}-${i}`,
          occurredAt: api.clock.now().toISOString(),
          type: 'authorization',
          data: {
            cardRef: card.channelCardRef,
            txnRef: `race-${card.id}-${i}`,
            merchantAmount: 1_500,
            merchantCurrency: 'USD',
            cardAmount: 1_500,
            cardCurrency: 'USD',
            exchangeRate: '1',
            merchantName: 'Race',
            region: 'SG',
          },
        }),
      ),
    )
    const outcomes = answers.map((a) => (a.body.data as { outcome: string }).outcome)
    // 4 × 1,500 = 6,000 ≤ 7,000 daily; a fifth would be 7,500.
    expect(outcomes.filter((o) => o === 'approved')).toHaveLength(4)
    const { available } = await balances(card)
    expect(available).toBe(4_000)
    const holds = await api.deps.db
      .select()
      .from(ledgerHolds)
      .where(eq(ledgerHolds.debitAccountId, card.accountId))
    expect(holds.reduce((s, h) => s + h.amount, 0)).toBeLessThanOrEqual(10_000)
  })

  it('never overspend when the balance is the binding rule', async () => {
    const card = await makeCard(api.deps, { balance: 5_000, merchantId: skyline })
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        simulate('authorization', { ...authBody(card, 1_000), merchantName: `Shop ${i}` }),
      ),
    )
    expect(answers.filter((a) => a.body.data.outcome === 'approved')).toHaveLength(5)
    expect(
      answers
        .filter((a) => a.body.data.outcome === 'declined')
        .every((a) => a.body.data.reason === 'insufficientFunds'),
    ).toBe(true)
    expect(await balances(card)).toEqual({ posted: 5_000, available: 0 })
  })
})
