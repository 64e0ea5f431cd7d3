import { createHash, randomInt } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { Deps } from '../../deps'
import { preparedInTx, type Db } from '../../db/client'
import {
  cardGroupCards,
  cardGroupRules,
  cardGroups,
  cards,
  cardTransactions,
  ledgerAccounts,
  ledgerHolds,
} from '../../db/schema'
import {
  cardAccountKey,
  channelSettlementKey,
  groupPoolKey,
  openAccount,
  type AccountKey,
} from '../../ledger/accounts'
import { placeHold, resolveHold, type PlacedHold } from '../../ledger/holdService'
import {
  lockAccounts,
  writeEntry,
  type AccountRow,
  type LedgerContext,
  type Tx,
} from '../../ledger/store'
import type { ChannelEventOf, EventAnswer } from '../../channels/events'
import { subscribe, type ChannelRow, type EventLog } from '../../channels/handlers'
import { isExpired, limitBreached, statusDecline, type DeclineReason } from './limits'
import { usageOf } from './usage'
import { refundable, refused } from './eventRefusals'
import { groupDecline } from '../card-groups/pool'
import { refreshWarning } from '../card-groups/service'
import { sendGroupWarning } from '../card-groups/mail'
import { usedInGroup } from '../card-groups/queries'
import { availableBalance } from '../../ledger/postings'

/**
 * Card transactions as the channel reports them (docs/cards.md, "Card transactions"). Every
 * handler runs in one transaction that first locks the card's row: two authorisations of one
 * card decide one after the other (limits and funds read after the other's hold), and a
 * follow-up never interleaves with an authorisation of the same card. Lock order everywhere:
 * card → transaction row → hold → ledger accounts (in `lockAccounts`' order), so nothing deadlocks.
 */

/**
 * An authorisation's hold lasts this long before the ledger's expiry job may release it; the
 * channel's own expiry event normally comes first (networks keep an authorisation 7–30 days).
 */
export const AUTH_HOLD_SECONDS = 31 * 24 * 3600

/** Ledger request ids from the channel and its reference (any text up to 100 characters). */
export function txnRequestId(step: string, channelId: number, txnRef: string): string {
  const digest = createHash('sha256').update(txnRef).digest('base64url').slice(0, 32)
  return `card-${step}:${channelId}:${digest}`
}

/**
 * Settlement account ids per root database handle, then per channel and currency. Every
 * approval credits its channel's settlement account; finding it by its key was a round trip
 * per decision. Accounts are never deleted, so an id once seen stays right; keyed by the
 * handle, a test's fresh database starts with none. An id is remembered only after the
 * decision that used it committed: one opened in a transaction that rolled back never existed.
 * Should it ever be wrong, the credit (`raiseCredit`) finds no mirror account of that id and
 * currency and the decision rolls back.
 */
const settlementIds = new WeakMap<Db, Map<string, number>>()

function knownSettlementId(db: Db, channelId: number, currency: string): number | null {
  return settlementIds.get(db)?.get(`${channelId}:${currency}`) ?? null
}

function rememberSettlementId(db: Db, channelId: number, currency: string, id: number) {
  let ids = settlementIds.get(db)
  if (!ids) settlementIds.set(db, (ids = new Map()))
  ids.set(`${channelId}:${currency}`, id)
}

/** The account an authorisation spends from, locked; opened first the one time it is missing. */
async function lockByKey(tx: Tx, key: AccountKey): Promise<AccountRow> {
  const [row] = await accountByKeyForUpdate(tx).execute({
    type: key.type,
    ownerType: key.ownerType,
    ownerId: key.ownerId,
    currency: key.currency,
  })
  if (row) return row
  const opened = await openAccount(tx as unknown as Db, key)
  return (await lockAccounts(tx, [opened.id])).get(opened.id)!
}

type CardRow = typeof cards.$inferSelect
type TxnRow = typeof cardTransactions.$inferSelect

async function lockCard(tx: Tx, channelId: number, cardRef: string): Promise<CardRow | null> {
  const [card] = await cardForUpdate(tx).execute({ channelId, cardRef })
  return card ?? null
}

async function lockTxn(tx: Tx, channelId: number, txnRef: string): Promise<TxnRow | null> {
  const [row] = await tx
    .select()
    .from(cardTransactions)
    .where(and(eq(cardTransactions.channelId, channelId), eq(cardTransactions.txnRef, txnRef)))
    .for('update')
  return row ?? null
}

type MemberRow = typeof cardGroupCards.$inferSelect

/**
 * What an authorisation reads once its card is locked, in one round trip: the card's group
 * membership and the row of this txnRef, if any. Read after the lock, not joined to the locking
 * statement: a statement that waits for a row lock still sees the other tables as they were
 * when it began, so a group change or a first copy of this authorisation that committed while
 * it waited would be missed. The txnRef's row is read, not locked: only its decision is given
 * back, and that never changes once written (a decline stays rejected; an approval keeps its
 * code whether it is later cleared, reversed or expired).
 */
async function readAfterCardLock(tx: Tx, card: CardRow, txnRef: string) {
  const [row] = await membershipAndTxn(tx).execute({
    cardId: card.id,
    channelId: card.channelId,
    txnRef,
  })
  return { member: row.member as MemberRow | null, existing: row.existing as TxnRow | null }
}

/**
 * The decision's statements, run on every authorisation: built once and prepared per
 * connection (`preparedInTx`, server/db/client.ts) instead of built for each decision. A
 * placeholder in an insert's values is encoded by its column (a Date stays a Date); one
 * written into SQL reaches the driver as given (a timestamp as ISO text, as Drizzle sends it).
 */
const cardForUpdate = preparedInTx((tx) =>
  tx
    .select()
    .from(cards)
    .where(
      and(
        eq(cards.channelId, sql.placeholder('channelId')),
        eq(cards.channelCardRef, sql.placeholder('cardRef')),
      ),
    )
    .for('update')
    .prepare('card_lock_by_ref'),
)

const membershipAndTxn = preparedInTx((tx) =>
  tx
    .select({ member: cardGroupCards, existing: cardTransactions })
    .from(cards)
    .leftJoin(cardGroupCards, eq(cardGroupCards.cardId, cards.id))
    .leftJoin(
      cardTransactions,
      and(
        eq(cardTransactions.channelId, sql.placeholder('channelId')),
        eq(cardTransactions.txnRef, sql.placeholder('txnRef')),
      ),
    )
    .where(eq(cards.id, sql.placeholder('cardId')))
    .prepare('card_membership_and_txn'),
)

const accountByKeyForUpdate = preparedInTx((tx) =>
  tx
    .select()
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.type, sql.placeholder('type')),
        eq(ledgerAccounts.ownerType, sql.placeholder('ownerType')),
        eq(ledgerAccounts.ownerId, sql.placeholder('ownerId')),
        eq(ledgerAccounts.currency, sql.placeholder('currency')),
      ),
    )
    .for('no key update')
    .prepare('ledger_account_by_key_for_update'),
)

const pendingChange = preparedInTx((tx) =>
  tx
    .update(cards)
    .set({
      pendingTransactions: sql`greatest(${cards.pendingTransactions} + ${sql.placeholder('by')}, 0)`,
      updatedAt: sql`${sql.placeholder('at')}`,
    })
    .where(eq(cards.id, sql.placeholder('cardId')))
    .prepare('card_pending_change'),
)

type PurchaseInsert = Required<
  Omit<
    typeof cardTransactions.$inferInsert,
    'id' | 'originalTxnRef' | 'clearedAmount' | 'refundedAmount' | 'entryId'
  >
>

/** Every column an authorisation writes, each a placeholder of its own name. */
const PURCHASE_COLUMNS: (keyof PurchaseInsert)[] = [
  'channelId',
  'cardId',
  'merchantId',
  'txnRef',
  'type',
  'status',
  'result',
  'declineReason',
  'authCode',
  'merchantAmount',
  'merchantCurrency',
  'cardAmount',
  'cardCurrency',
  'exchangeRate',
  'merchantName',
  'region',
  'description',
  'holdId',
  'groupId',
  'occurredAt',
  'createdAt',
  'updatedAt',
]

const purchaseInsert = preparedInTx((tx) =>
  tx
    .insert(cardTransactions)
    .values(
      Object.fromEntries(
        PURCHASE_COLUMNS.map((column) => [column, sql.placeholder(column)]),
      ) as unknown as PurchaseInsert,
    )
    .returning()
    .prepare('card_purchase_insert'),
)

/** The authorisation's row (every column of PURCHASE_COLUMNS given). */
async function insertPurchase(tx: Tx, values: PurchaseInsert): Promise<TxnRow> {
  const [row] = await purchaseInsert(tx).execute(values)
  return row
}

const declined = (reason: DeclineReason): EventAnswer => ({ outcome: 'declined', reason })

/** The decision an authorisation's row records, given again for a resent authorisation. */
function decisionOf(row: TxnRow): EventAnswer {
  return row.status === 'rejected'
    ? { outcome: 'declined', reason: row.declineReason ?? 'channelError' }
    : { outcome: 'approved', authCode: row.authCode ?? undefined }
}

const authCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0')

async function changePending(tx: Tx, cardId: number, by: 1 | -1, at: Date) {
  await pendingChange(tx).execute({ cardId, by, at: at.toISOString() })
}

/**
 * The card's shared card group, if it is in one: the membership, the group (locked: the
 * group's authorisations and money moves decide one after the other; lock order card → group)
 * and its rule.
 */
async function groupOfCard(tx: Tx, cardId: number) {
  const [member] = await tx.select().from(cardGroupCards).where(eq(cardGroupCards.cardId, cardId))
  return member ? groupOfMember(tx, member) : null
}

/** The group of a membership already read: the group, locked, and its rule. */
async function groupOfMember(tx: Tx, member: MemberRow) {
  const [group] = await tx
    .select()
    .from(cardGroups)
    .where(eq(cardGroups.id, member.groupId))
    .for('update')
  const [rule] = await tx.select().from(cardGroupRules).where(eq(cardGroupRules.id, group.ruleId))
  return { member, group, rule }
}

export async function authorize(
  deps: Deps,
  channel: ChannelRow,
  event: ChannelEventOf<'authorization'>,
  log?: EventLog,
): Promise<EventAnswer> {
  const d = event.data
  const at = new Date(event.occurredAt)
  let crossedGroup: number | null = null
  // The settlement account this decision credited, remembered once the decision committed.
  let settlement = null as { id: number; currency: string } | null
  try {
    const result = await deps.db.transaction(async (tx) => {
      // The decision and the webhook's log of it commit together (one commit per decision).
      const answer = async (a: EventAnswer) => {
        await log?.keep(tx, a)
        return a
      }
      const card = await lockCard(tx, channel.id, d.cardRef)
      // No card of ours: nothing to record it against.
      if (!card) return answer(declined('channelError'))
      const { member, existing } = await readAfterCardLock(tx, card, d.txnRef)
      if (existing) {
        // The first decision of this authorisation, given again; a txnRef another card's
        // authorisation or a refund already holds is not a resend: declined, nothing held.
        return answer(
          existing.type === 'purchase' && existing.cardId === card.id
            ? decisionOf(existing)
            : declined('channelError'),
        )
      }

      let reason: DeclineReason | null =
        statusDecline(card.status) ??
        (isExpired(card.expiry, at) ? 'expired' : null) ??
        // The channel must speak the card's currency; anything else is its error.
        (d.cardCurrency !== card.currency ? 'channelError' : null)
      // A group card spends from the group's pool: never more than the pool holds, whatever
      // the limits ("group pool empty"), and within its own limit in the group.
      const shared = member ? await groupOfMember(tx, member) : null
      if (!reason && shared) {
        const pool = await openAccount(
          tx as unknown as Db,
          groupPoolKey(shared.group.id, shared.group.currency),
        )
        const used =
          (await usedInGroup(tx as unknown as Db, shared.group.id, [card.id])).get(card.id) ?? 0
        reason = groupDecline(availableBalance(pool), shared.member.cardLimit, used, d.cardAmount)
      }
      // Usage is read only for a card with a period limit (a card without costs no query).
      const periodLimits =
        card.limitDaily !== null || card.limitMonthly !== null || card.limitLifetime !== null
      if (!reason) {
        const used = periodLimits
          ? await usageOf(tx, card.id, at)
          : { day: 0, month: 0, lifetime: 0 }
        reason = limitBreached(card, used, d.cardAmount)
      }

      let placed: PlacedHold | null = null
      if (!reason) {
        const ledger: LedgerContext = { db: tx as unknown as Db, clock: deps.clock }
        // The settlement account is only named here, not locked: see placeHold.
        settlement = {
          currency: card.currency,
          id:
            knownSettlementId(deps.db, channel.id, card.currency) ??
            (
              await openAccount(
                tx as unknown as Db,
                channelSettlementKey(channel.id, card.currency),
              )
            ).id,
        }
        const account = await lockByKey(
          tx,
          shared
            ? groupPoolKey(shared.group.id, shared.group.currency)
            : cardAccountKey(card.id, card.currency),
        )
        // The card row is locked and this txnRef has no row: the hold's request id is new, so
        // it is placed without a lookup or a savepoint (placeHold); short funds write nothing.
        placed = await placeHold(
          tx,
          ledger,
          {
            requestId: txnRequestId('auth', channel.id, d.txnRef),
            debitAccountId: account.id,
            creditAccountId: settlement.id,
            amount: d.cardAmount,
            currency: card.currency,
            timeoutSeconds: AUTH_HOLD_SECONDS,
          },
          account,
        )
        if (!placed) reason = shared ? 'groupPoolEmpty' : 'insufficientFunds'
      }
      const holdId = placed?.hold.id ?? null
      const now = deps.clock.now()
      const row = await insertPurchase(tx, {
        channelId: channel.id,
        cardId: card.id,
        merchantId: card.merchantId,
        txnRef: d.txnRef,
        type: 'purchase',
        status: reason ? 'rejected' : 'pending',
        result: reason ?? 'approved',
        declineReason: reason,
        authCode: reason ? null : authCode(),
        merchantAmount: d.merchantAmount,
        merchantCurrency: d.merchantCurrency,
        cardAmount: d.cardAmount,
        cardCurrency: d.cardCurrency,
        exchangeRate: d.exchangeRate,
        merchantName: d.merchantName,
        region: d.region,
        description: d.description,
        holdId,
        groupId: shared?.group.id ?? null,
        occurredAt: at,
        createdAt: now,
        updatedAt: now,
      })
      if (!reason) await changePending(tx, card.id, 1, now)
      if (
        !reason &&
        shared &&
        (await refreshWarning(tx as unknown as Db, shared.group, shared.rule))
      ) {
        crossedGroup = shared.group.id
      }
      const decision = await answer(decisionOf(row))
      // Last, so the channel's settlement row (every decision credits it) is held only for
      // the commit.
      await placed?.raiseCredit()
      return decision
    })
    if (settlement) rememberSettlementId(deps.db, channel.id, settlement.currency, settlement.id)
    // After the commit: the pool just fell below the group's warning threshold.
    if (crossedGroup !== null) await sendGroupWarning(deps, crossedGroup)
    return result
  } catch (e) {
    // Rolled back, the log row with it: the webhook logs the decline below.
    if (log) log.kept = false
    // The decision must reach the network: a failure of ours declines, having moved nothing
    // (the transaction rolled back).
    deps.log.error('card authorisation failed', {
      channel: channel.code,
      error: e instanceof Error ? e.message : String(e),
    })
    return declined('channelError')
  }
}

export type FollowUp = 'clear' | 'reverse' | 'expire'

/**
 * Clearing, reversal and expiry: resolve the authorisation's hold once, each checked against
 * the authorisation it names (docs/cards.md, "Events checked against what they refer to"). The
 * same resolution again is `accepted` (it already happened); one that does not fit — an
 * unknown or declined transaction, a clearing above the authorised amount, a reversal of a
 * cleared purchase, a clearing of a released one — is refused (`declined` + its reason) and
 * moves nothing.
 */
export async function resolveAuthorisation(
  deps: Deps,
  channel: ChannelRow,
  data: { cardRef: string; txnRef: string; cardAmount?: number },
  step: FollowUp,
): Promise<EventAnswer> {
  return deps.db.transaction(async (tx) => {
    const card = await lockCard(tx, channel.id, data.cardRef)
    if (!card) return refused('unknownTransaction')
    const row = await lockTxn(tx, channel.id, data.txnRef)
    if (!row || row.cardId !== card.id || row.type !== 'purchase') {
      return refused('unknownTransaction')
    }
    if (row.status === 'rejected' || row.holdId === null) return refused('transactionDeclined')
    if (row.status === 'success') {
      // The same clearing again (another event id, the same amount) already happened.
      return step === 'clear' && (data.cardAmount ?? row.clearedAmount) === row.clearedAmount
        ? { outcome: 'accepted' }
        : refused('alreadyCleared')
    }
    if (row.status !== 'pending') {
      // Reversed or expired: a reversal or expiry again changes nothing; a clearing is late.
      return step === 'clear' ? refused('alreadyReleased') : { outcome: 'accepted' }
    }
    const now = deps.clock.now()
    const ledger: LedgerContext = { db: tx as unknown as Db, clock: deps.clock }
    const [hold] = await tx.select().from(ledgerHolds).where(eq(ledgerHolds.id, row.holdId))
    // The hold is all the card promised: a clearing above it is refused, not cut to it (the
    // channel would book more than the card paid).
    const amount = step === 'clear' ? (data.cardAmount ?? hold.amount) : 0
    if (amount > hold.amount) return refused('clearingAboveAuthorised')
    if (hold.status !== 'pending') {
      // The ledger's own expiry job released it first: nothing left to post.
      await tx
        .update(cardTransactions)
        .set({ status: 'cancel', updatedAt: now })
        .where(eq(cardTransactions.id, row.id))
      await changePending(tx, card.id, -1, now)
      return step === 'clear' ? refused('alreadyReleased') : { outcome: 'accepted' }
    }
    const resolved = await resolveHold(ledger, {
      holdId: hold.id,
      requestId: txnRequestId(step, channel.id, data.txnRef),
      action: step === 'clear' ? 'post' : 'void',
      amount: step === 'clear' ? amount : undefined,
      kind: 'card_purchase',
    })
    await tx
      .update(cardTransactions)
      .set({
        status: step === 'clear' ? 'success' : 'cancel',
        clearedAmount: amount,
        entryId: resolved.entryId,
        updatedAt: now,
      })
      .where(eq(cardTransactions.id, row.id))
    await changePending(tx, card.id, -1, now)
    return { outcome: 'accepted' }
  })
}

/**
 * Money back to the card for a cleared purchase of it, named by `originalTxnRef`. Checked
 * against that purchase with its row locked (after the card: the one lock order), so refunds
 * of it, concurrent ones included, never add up to more than it cleared: an unknown or
 * uncleared purchase, or an amount above what is left, is refused and moves nothing (no row:
 * the refund's txnRef stays free for a later, valid event). A refund in another currency than
 * the card's is kept as a rejected row, as before.
 */
export async function refund(
  deps: Deps,
  channel: ChannelRow,
  event: ChannelEventOf<'refund'>,
): Promise<EventAnswer> {
  const d = event.data
  return deps.db.transaction(async (tx) => {
    const card = await lockCard(tx, channel.id, d.cardRef)
    if (!card) return refused('unknownTransaction')
    const existing = await lockTxn(tx, channel.id, d.txnRef)
    if (existing) {
      if (existing.type !== 'refund') return refused('unknownTransaction')
      return existing.status === 'success'
        ? { outcome: 'accepted' }
        : declined((existing.declineReason as DeclineReason | null) ?? 'channelError')
    }
    const original = d.originalTxnRef ? await lockTxn(tx, channel.id, d.originalTxnRef) : null
    if (!original || original.cardId !== card.id || original.type !== 'purchase') {
      return refused('unknownTransaction')
    }
    if (original.status === 'rejected') return refused('transactionDeclined')
    if (original.status !== 'success') return refused('notCleared')
    const wrongCurrency = d.cardCurrency !== card.currency
    if (!wrongCurrency && d.cardAmount > refundable(original)) {
      return refused('refundAboveCleared')
    }
    const now = deps.clock.now()
    let entryId: number | null = null
    const shared = await groupOfCard(tx, card.id)
    if (!wrongCurrency) {
      const ledger: LedgerContext = { db: tx as unknown as Db, clock: deps.clock }
      // A group card's refund goes back to the pool it spent from.
      const account = await openAccount(
        ledger.db,
        shared
          ? groupPoolKey(shared.group.id, shared.group.currency)
          : cardAccountKey(card.id, card.currency),
      )
      const settlement = await openAccount(
        ledger.db,
        channelSettlementKey(channel.id, card.currency),
      )
      const { entry } = await writeEntry(tx, ledger, {
        requestId: txnRequestId('refund', channel.id, d.txnRef),
        fingerprint: JSON.stringify(['card_refund', account.id, d.cardAmount, card.currency]),
        kind: 'card_refund',
        postings: [
          { accountId: settlement.id, currency: card.currency, amount: -d.cardAmount },
          { accountId: account.id, currency: card.currency, amount: d.cardAmount },
        ],
      })
      entryId = entry.id
      await tx
        .update(cardTransactions)
        .set({ refundedAmount: original.refundedAmount + d.cardAmount, updatedAt: now })
        .where(eq(cardTransactions.id, original.id))
    }
    await tx.insert(cardTransactions).values({
      channelId: channel.id,
      cardId: card.id,
      merchantId: card.merchantId,
      txnRef: d.txnRef,
      originalTxnRef: original.txnRef,
      type: 'refund',
      status: wrongCurrency ? 'rejected' : 'success',
      result: wrongCurrency ? 'channelError' : 'approved',
      declineReason: wrongCurrency ? 'channelError' : null,
      merchantAmount: d.merchantAmount,
      merchantCurrency: d.merchantCurrency,
      cardAmount: d.cardAmount,
      cardCurrency: d.cardCurrency,
      exchangeRate: d.exchangeRate,
      clearedAmount: wrongCurrency ? 0 : d.cardAmount,
      merchantName: d.merchantName,
      region: d.region,
      description: d.description,
      entryId,
      groupId: shared?.group.id ?? null,
      occurredAt: new Date(event.occurredAt),
      createdAt: now,
      updatedAt: now,
    })
    return wrongCurrency ? declined('channelError') : { outcome: 'accepted' }
  })
}

/** Subscribes the card transaction handlers to the channels' events (server/channels/handlers.ts). */
export function registerCardTransactionHandlers() {
  subscribe('authorization', authorize)
  subscribe('clearing', (deps, channel, e) => resolveAuthorisation(deps, channel, e.data, 'clear'))
  subscribe('reversal', (deps, channel, e) =>
    resolveAuthorisation(deps, channel, e.data, 'reverse'),
  )
  subscribe('expiry', (deps, channel, e) => resolveAuthorisation(deps, channel, e.data, 'expire'))
  subscribe('refund', refund)
}
