import { and, asc, eq, lte, sql } from 'drizzle-orm'
import { ledgerAccounts, ledgerHolds } from '../db/schema'
import { isUniqueViolation } from '../db/uniqueViolation'
import { BizError } from '../http/errors'
import { reserve, settle } from './holds'
import { LedgerRules } from './rules'
import { preparedInTx } from '../db/client'
import { lockAccounts, writeEntry, type AccountRow, type LedgerContext, type Tx } from './store'
import type { LedgerKind } from '../../src/lib/codeLabels'

export type HoldRow = typeof ledgerHolds.$inferSelect

export interface HoldInput {
  requestId: string
  debitAccountId: number
  creditAccountId: number
  amount: number
  currency: string
  /** Seconds until the job releases it if nobody posts or voids it. */
  timeoutSeconds: number
}

const holdFingerprint = (h: HoldInput) =>
  JSON.stringify([
    'hold',
    h.debitAccountId,
    h.creditAccountId,
    h.amount,
    h.currency,
    h.timeoutSeconds,
  ])

async function holdByRequest(db: LedgerContext['db'], requestId: string, fingerprint: string) {
  const [row] = await db.select().from(ledgerHolds).where(eq(ledgerHolds.requestId, requestId))
  if (row && row.fingerprint !== fingerprint) throw new BizError(LedgerRules.requestIdReused)
  return row ?? null
}

/**
 * Sets the accounts' pending sums in one statement (one round trip for both accounts of a
 * hold, not one each). The table's CHECK constraints still judge every row.
 */
async function savePending(tx: Tx, accounts: AccountRow[]) {
  if (accounts.length === 0) return
  const rows = sql.join(
    accounts.map(
      (a) => sql`(${a.id}::bigint, ${a.debitsPending}::bigint, ${a.creditsPending}::bigint)`,
    ),
    sql`, `,
  )
  await tx.execute(sql`
    update ${ledgerAccounts}
    set debits_pending = v.debits, credits_pending = v.credits
    from (values ${rows}) as v(id, debits, credits)
    where ${ledgerAccounts.id} = v.id`)
}

/**
 * Statements of every card authorisation's hold, built once and prepared per connection
 * (`preparedInTx`).
 */
const holdInsert = preparedInTx((tx) =>
  tx
    .insert(ledgerHolds)
    .values({
      requestId: sql.placeholder('requestId'),
      fingerprint: sql.placeholder('fingerprint'),
      debitAccountId: sql.placeholder('debitAccountId'),
      creditAccountId: sql.placeholder('creditAccountId'),
      currency: sql.placeholder('currency'),
      amount: sql.placeholder('amount'),
      expiresAt: sql.placeholder('expiresAt'),
      createdAt: sql.placeholder('createdAt'),
    })
    .returning()
    .prepare('ledger_hold_insert'),
)

const debitPendingSet = preparedInTx((tx) =>
  tx
    .update(ledgerAccounts)
    .set({ debitsPending: sql`${sql.placeholder('debitsPending')}` })
    .where(eq(ledgerAccounts.id, sql.placeholder('id')))
    .prepare('ledger_debit_pending_set'),
)

const mirrorCreditRaise = preparedInTx((tx) =>
  tx
    .update(ledgerAccounts)
    .set({
      creditsPending: sql`${ledgerAccounts.creditsPending} + ${sql.placeholder('amount')}`,
    })
    .where(
      and(
        eq(ledgerAccounts.id, sql.placeholder('id')),
        eq(ledgerAccounts.currency, sql.placeholder('currency')),
        // Only a mirror may be taken last (the lock order); anything else is a caller's bug.
        eq(ledgerAccounts.allowOverdraft, true),
      ),
    )
    .returning({ id: ledgerAccounts.id })
    .prepare('ledger_mirror_credit_raise'),
)

/** Writes a new pending hold's row (its accounts' sums are the caller's). */
async function insertHold(tx: Tx, ctx: LedgerContext, input: HoldInput, fingerprint: string) {
  const now = ctx.clock.now()
  const [hold] = await holdInsert(tx).execute({
    requestId: input.requestId,
    fingerprint,
    debitAccountId: input.debitAccountId,
    creditAccountId: input.creditAccountId,
    currency: input.currency,
    amount: input.amount,
    expiresAt: new Date(now.getTime() + input.timeoutSeconds * 1000),
    createdAt: now,
  })
  return hold
}

/**
 * The debit account with `input.amount` reserved (its pending sums), or null when it is short.
 * Both ways of placing a hold judge the debit side here.
 */
function reserveOnDebit(debit: AccountRow, input: HoldInput): AccountRow | null {
  if (debit.currency !== input.currency) throw new BizError(LedgerRules.currencyMismatch)
  const reserved = reserve(debit, input.amount, debit.allowOverdraft)
  return reserved ? { ...debit, ...reserved } : null
}

export interface PlacedHold {
  hold: HoldRow
  /**
   * Announces the hold on the credit account (its credits_pending). The caller runs it as the
   * last statement of its transaction.
   */
  raiseCredit: () => Promise<void>
}

/**
 * Phase one for the card authorisation's decision, inside the caller's transaction, where one
 * round trip per step and every millisecond a shared row stays locked count at 100/s:
 * - the caller knows the request id is new (it holds a lock that serialises every request of
 *   that id, and found no trace of it): no request-id lookup, no savepoint;
 * - the caller has locked the debit account (`debit`);
 * - the credit account mirrors money outside (a channel's settlement, which every decision of
 *   the channel credits). It is not locked here: `raiseCredit` adds to its pending sum in one
 *   statement, run last, so each decision holds that row only for its commit. Mirrors are
 *   locked after every other account (`lockAccounts`), so taking it last cannot deadlock.
 * Null when the debit account is short: nothing written.
 */
export async function placeHold(
  tx: Tx,
  ctx: LedgerContext,
  input: HoldInput,
  debit: AccountRow,
): Promise<PlacedHold | null> {
  if (debit.id !== input.debitAccountId || debit.id === input.creditAccountId) {
    throw new BizError(LedgerRules.accountNotFound)
  }
  const reserved = reserveOnDebit(debit, input)
  if (!reserved) return null
  // Reserving moves only the debit side's debits_pending.
  await debitPendingSet(tx).execute({ id: reserved.id, debitsPending: reserved.debitsPending })
  const hold = await insertHold(tx, ctx, input, holdFingerprint(input))
  const raiseCredit = async () => {
    const raised = await mirrorCreditRaise(tx).execute({
      id: input.creditAccountId,
      currency: input.currency,
      amount: input.amount,
    })
    if (raised.length !== 1) throw new BizError(LedgerRules.accountNotFound)
  }
  return { hold, raiseCredit }
}

/** Phase one: reserve `amount` on the debit account until the hold is resolved. */
export async function createHold(ctx: LedgerContext, input: HoldInput): Promise<HoldRow> {
  return (await holdOnce(ctx, input)).hold
}

/**
 * `createHold` that also says whether this call placed the hold (`created`) or found the one
 * its request id already names — a retry, or a copy racing it (the unique request id lets one
 * insert and the others read the winner). A caller that acts outside the ledger after the hold
 * (the card channel) acts only when `created`, so copies of a request reach the outside once.
 */
export async function holdOnce(
  ctx: LedgerContext,
  input: HoldInput,
): Promise<{ hold: HoldRow; created: boolean }> {
  const fingerprint = holdFingerprint(input)
  const first = await holdByRequest(ctx.db, input.requestId, fingerprint)
  if (first) return { hold: first, created: false }
  if (input.debitAccountId === input.creditAccountId) throw new BizError(LedgerRules.sameAccount)
  try {
    const hold = await ctx.db.transaction(async (tx) => {
      const locked = await lockAccounts(tx, [input.debitAccountId, input.creditAccountId])
      const debit = locked.get(input.debitAccountId)
      const credit = locked.get(input.creditAccountId)
      if (!debit || !credit) throw new BizError(LedgerRules.accountNotFound)
      if (credit.currency !== input.currency) throw new BizError(LedgerRules.currencyMismatch)
      const reserved = reserveOnDebit(debit, input)
      if (!reserved) throw new BizError(LedgerRules.insufficientBalance)
      await savePending(tx, [
        reserved,
        { ...credit, creditsPending: credit.creditsPending + input.amount },
      ])
      return insertHold(tx, ctx, input, fingerprint)
    })
    return { hold, created: true }
  } catch (e) {
    // A copy that committed first: its insert beat ours, or its reservation left ours short
    // (a retry must answer the first result, not "insufficient balance").
    if (isUniqueViolation(e) || e instanceof BizError) {
      const winner = await holdByRequest(ctx.db, input.requestId, fingerprint)
      if (winner) return { hold: winner, created: false }
    }
    throw e
  }
}

/** Releases the reservation and, when `posted` > 0, posts that much as a new entry. */
async function resolveLocked(
  tx: Tx,
  ctx: LedgerContext,
  hold: HoldRow,
  status: 'posted' | 'voided' | 'expired',
  posted: number,
  resolve: { requestId: string; fingerprint: string } | null,
  kind: LedgerKind = 'hold_post',
): Promise<HoldRow> {
  const locked = await lockAccounts(tx, [hold.debitAccountId, hold.creditAccountId])
  const debit = locked.get(hold.debitAccountId)!
  const credit = locked.get(hold.creditAccountId)!
  const released = settle(debit, credit, hold.amount, 0)
  await savePending(tx, [
    { ...debit, ...released.debit },
    { ...credit, ...released.credit },
  ])
  let entryId: number | null = null
  if (posted > 0) {
    const fresh = await lockAccounts(tx, [hold.debitAccountId, hold.creditAccountId])
    const { entry } = await writeEntry(
      tx,
      ctx,
      {
        requestId: resolve!.requestId,
        fingerprint: resolve!.fingerprint,
        kind,
        holdId: hold.id,
        postings: [
          { accountId: hold.debitAccountId, currency: hold.currency, amount: -posted },
          { accountId: hold.creditAccountId, currency: hold.currency, amount: posted },
        ],
      },
      fresh,
    )
    entryId = entry.id
  }
  const [row] = await tx
    .update(ledgerHolds)
    .set({
      status,
      postedAmount: posted,
      resolvedAt: ctx.clock.now(),
      resolveRequestId: resolve?.requestId ?? null,
      resolveFingerprint: resolve?.fingerprint ?? null,
      entryId,
    })
    .where(eq(ledgerHolds.id, hold.id))
    .returning()
  return row
}

/**
 * Phase two: post `amount` (all of the hold when omitted; the rest is released) or void it
 * (amount 0). A hold resolves once: a second post, void or expiry is refused, except the same
 * request retried, which returns the first answer.
 */
export async function resolveHold(
  ctx: LedgerContext,
  input: {
    holdId: number
    requestId: string
    action: 'post' | 'void'
    amount?: number
    /** The posted entry's kind (`withdrawal` for an approved withdrawal); `hold_post` by default. */
    kind?: LedgerKind
  },
): Promise<HoldRow> {
  const fingerprint = JSON.stringify([input.action, input.holdId, input.amount ?? null])
  try {
    return await ctx.db.transaction(async (tx) => {
      const [hold] = await tx
        .select()
        .from(ledgerHolds)
        .where(eq(ledgerHolds.id, input.holdId))
        .for('update')
      if (!hold) throw new BizError(LedgerRules.holdNotFound)
      if (hold.resolveRequestId === input.requestId) {
        if (hold.resolveFingerprint !== fingerprint) throw new BizError(LedgerRules.requestIdReused)
        return hold
      }
      if (hold.status !== 'pending') throw new BizError(LedgerRules.holdResolved)
      const posted = input.action === 'void' ? 0 : (input.amount ?? hold.amount)
      if (posted > hold.amount) throw new BizError(LedgerRules.holdExceeded)
      const status = input.action === 'void' ? 'voided' : 'posted'
      return resolveLocked(
        tx,
        ctx,
        hold,
        status,
        posted,
        { requestId: input.requestId, fingerprint },
        input.kind,
      )
    })
  } catch (e) {
    // The request id already names another entry or hold resolution.
    if (isUniqueViolation(e)) throw new BizError(LedgerRules.requestIdReused)
    throw e
  }
}

/**
 * Expires pending holds whose time is up, at most `limit` per call. `SKIP LOCKED` lets every
 * instance run this job at once: each hold is taken by one of them only, and one being posted
 * or voided right now is left to that request.
 */
export async function expireDueHolds(ctx: LedgerContext, limit = 100): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(ledgerHolds)
      .where(and(eq(ledgerHolds.status, 'pending'), lte(ledgerHolds.expiresAt, ctx.clock.now())))
      .orderBy(asc(ledgerHolds.id))
      .limit(limit)
      .for('update', { skipLocked: true })
    if (due.length === 0) return 0
    // All their accounts at once, in the order of every other writer (no deadlock).
    await lockAccounts(
      tx,
      due.flatMap((h) => [h.debitAccountId, h.creditAccountId]),
    )
    for (const hold of due) await resolveLocked(tx, ctx, hold, 'expired', 0, null)
    return due.length
  })
}
