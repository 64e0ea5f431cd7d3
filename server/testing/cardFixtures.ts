import { and, eq, sql } from 'drizzle-orm'
import { encryptField, luhnCheckDigit } from '../cards/cardData'
import type { Deps } from '../deps'
import { cardBins, cardholders, cards, merchants, sandboxCards } from '../db/schema'
import { bankKey, cardAccountKey, openAccount } from '../ledger/accounts'
import { transfer } from '../ledger/transfer'
import type { CardStatus } from '../../src/machines/card'

/**
 * A card that already exists, for tests of what happens to a card after its creation
 * (operations, transactions, review). It is written the way a finished creation leaves it —
 * encrypted number and security code, masked digits, a channel reference, a ledger account of
 * type `card` — and funded through a real ledger entry from the platform's bank account, so
 * `verifyLedger` still holds. Tests of creation itself go through the create call instead.
 */
export interface CardFixture {
  id: number
  merchantId: number
  accountId: number
  channelId: number
  channelCardRef: string
  currency: string
  /** The clear number, for tests that check it never leaks. */
  number: string
  securityCode: string
}

export interface CardFixtureOptions {
  /** Defaults to the demo merchant of merchant.user (Skyline Air Tickets). */
  merchantId?: number
  status?: CardStatus
  /** Opening card balance in minor units (default 0). */
  balance?: number
  /** A BIN of the demo data by its digits (default the USD prepaid BIN 485932). */
  bin?: string
  limits?: Partial<{
    limitPerTransaction: number
    limitDaily: number
    limitMonthly: number
    limitLifetime: number
  }>
  pendingTransactions?: number
  /**
   * Also issue the card at the sandbox issuer (a `sandbox_cards` row under the same reference,
   * with the same status and balance), for tests that run the real sandbox and read its side.
   */
  atSandbox?: boolean
}

let made = 0

export async function makeCard(deps: Deps, opts: CardFixtureOptions = {}): Promise<CardFixture> {
  const { db } = deps
  const merchantId = opts.merchantId ?? (await demoMerchantId(deps))
  const [bin] = await db
    .select()
    .from(cardBins)
    .where(eq(cardBins.bin, opts.bin ?? '485932'))
  if (!bin) throw new Error(`no BIN ${opts.bin ?? '485932'} in the test data`)
  const holder = await cardholderOf(deps, merchantId)
  made += 1
  const body = (bin.bin + String(made).padStart(15 - bin.bin.length, '0')).slice(0, 15)
  const number = body + luhnCheckDigit(body)
  const securityCode = String(100 + (made % 900))
  const channelCardRef = `fixture-${Date.now().toString(36)}-${made}`
  const [card] = await db
    .insert(cards)
    .values({
      merchantId,
      cardBinId: bin.id,
      channelId: bin.channelId,
      cardholderId: holder,
      batchRequestId: `fixture-batch-${channelCardRef}`,
      channelCardRef,
      currency: bin.currency,
      cardMode: bin.cardMode,
      region: bin.region,
      alias: `Fixture ${made}`,
      usageType: 'online',
      status: opts.status ?? 'active',
      first6: number.slice(0, 6),
      last4: number.slice(-4),
      numberEnc: encryptField(deps.dataKey, number),
      securityCodeEnc: encryptField(deps.dataKey, securityCode),
      expiry: '2029-12',
      pendingTransactions: opts.pendingTransactions ?? 0,
      ...opts.limits,
    })
    .returning()
  const account = await openAccount(db, cardAccountKey(card.id, card.currency))
  if (opts.balance) {
    const bank = await openAccount(db, bankKey(card.currency))
    await transfer(
      { db, clock: deps.clock },
      {
        fromAccountId: bank.id,
        toAccountId: account.id,
        amount: opts.balance,
        currency: card.currency,
        requestId: `fixture-fund-${card.id}`,
      },
    )
  }
  if (opts.atSandbox) {
    await db.insert(sandboxCards).values({
      cardRef: channelCardRef,
      channelId: card.channelId,
      clientRef: String(card.id),
      currency: card.currency,
      numberEnc: card.numberEnc!,
      securityCodeEnc: card.securityCodeEnc!,
      expiry: card.expiry!,
      creationResult: 'success',
      status: card.status,
      balance: opts.balance ?? 0,
      deliverAt: deps.clock.now(),
      deliveredAt: deps.clock.now(),
      createdAt: deps.clock.now(),
    })
  }
  return {
    id: card.id,
    merchantId,
    accountId: account.id,
    channelId: card.channelId,
    channelCardRef,
    currency: card.currency,
    number,
    securityCode,
  }
}

async function demoMerchantId(deps: Deps): Promise<number> {
  const [m] = await deps.db
    .select({ id: merchants.id })
    .from(merchants)
    .where(sql`${merchants.name} = 'Skyline Air Tickets'`)
  if (!m) throw new Error('demo merchant Skyline Air Tickets missing')
  return m.id
}

/** The merchant's default cardholder, or one made for it. */
async function cardholderOf(deps: Deps, merchantId: number): Promise<number> {
  const [existing] = await deps.db
    .select({ id: cardholders.id })
    .from(cardholders)
    .where(and(eq(cardholders.merchantId, merchantId)))
    .orderBy(sql`${cardholders.isDefault} desc`, cardholders.id)
    .limit(1)
  if (existing) return existing.id
  const [row] = await deps.db
    .insert(cardholders)
    .values({
      merchantId,
      firstName: 'Test',
      lastName: 'Holder',
      areaCode: '65',
      phone: '81234567',
      email: 'holder@example.com',
      birthday: '1990-01-01',
      country: 'SG',
      state: '01',
      city: 'Singapore',
      address: '1 Test Street',
      postalCode: '000001',
    })
    .returning()
  return row.id
}
