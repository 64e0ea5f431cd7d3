import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { Actor } from '../../auth/actor'
import { reachOf } from '../../auth/scope'
import { fxQuotes, fxRates } from '../../db/schema'
import { isUniqueViolation } from '../../db/uniqueViolation'
import { BizError } from '../../http/errors'
import { openAccount, platformKey } from '../../ledger/accounts'
import { convert, fxPostings, type FxConversion } from '../../ledger/fx'
import { LedgerRules } from '../../ledger/rules'
import { replay, writeEntry, type LedgerContext, type PostedEntry } from '../../ledger/store'
import { transfer, type TransferInput, type TransferResult } from '../../ledger/transfer'
import { accountsInReach } from './reach'
import { QUOTE_SECONDS, TransferRules } from './rules'
import { remarkCode } from '../../../src/lib/remarks'

/** What a transfer answers; `fx` is set for a cross-currency one. */
export interface TransferAnswer extends TransferResult {
  fx: {
    quoteId: string
    rate: string
    spreadBps: number
    toAmount: number
    toCurrency: string
  } | null
}

export interface QuoteRequest {
  fromAccountId: number
  toAccountId: number
  amount: number
}

export interface Quote {
  quoteId: string
  rate: string
  spreadBps: number
  fromAmount: number
  fromCurrency: string
  toAmount: number
  toCurrency: string
  expiresAt: string
}

type QuoteRow = typeof fxQuotes.$inferSelect

/**
 * The remark an entry gets when the caller gave none (every entry carries one): a code, which
 * each reader sees in their language (src/lib/remarks.ts).
 */
const DEFAULT_REMARK = {
  transfer: remarkCode('transferBetweenBalances'),
  fx: remarkCode('transferBetweenCurrencies'),
}

export interface TransferContext extends LedgerContext {
  actor: Actor
}

/** Offers a conversion at the table's rate, held for QUOTE_SECONDS for this user. */
export async function quote(ctx: TransferContext, req: QuoteRequest): Promise<Quote> {
  if (req.fromAccountId === req.toAccountId) throw new BizError(LedgerRules.sameAccount)
  const reach = await reachOf(ctx.db, ctx.actor)
  const accounts = await accountsInReach(ctx.db, reach, [req.fromAccountId, req.toAccountId])
  const from = accounts.get(req.fromAccountId)!
  const to = accounts.get(req.toAccountId)!
  const [rate] = await ctx.db
    .select()
    .from(fxRates)
    .where(and(eq(fxRates.baseCurrency, from.currency), eq(fxRates.quoteCurrency, to.currency)))
  if (!rate) throw new BizError(TransferRules.noRate, { from: from.currency, to: to.currency })
  const c = convert({
    amount: req.amount,
    from: from.currency,
    to: to.currency,
    rate: rate.rate,
    spreadBps: rate.spreadBps,
  })
  // Too small to arrive as a single minor unit: nothing a transfer could credit.
  if (c.net <= 0) throw new BizError(TransferRules.quoteMismatch)
  const now = ctx.clock.now()
  const [row] = await ctx.db
    .insert(fxQuotes)
    .values({
      id: randomUUID(),
      userId: ctx.actor.userId,
      fromAccountId: from.id,
      toAccountId: to.id,
      fromCurrency: from.currency,
      toCurrency: to.currency,
      fromAmount: c.sourceAmount,
      toAmount: c.net,
      rate: c.rate,
      spreadBps: c.spreadBps,
      gross: c.gross,
      spread: c.spread,
      rounding: c.rounding,
      expiresAt: new Date(now.getTime() + QUOTE_SECONDS * 1000),
      createdAt: now,
    })
    .returning()
  return toQuote(row)
}

function toQuote(q: QuoteRow): Quote {
  return {
    quoteId: q.id,
    rate: q.rate,
    spreadBps: q.spreadBps,
    fromAmount: q.fromAmount,
    fromCurrency: q.fromCurrency,
    toAmount: q.toAmount,
    toCurrency: q.toCurrency,
    expiresAt: q.expiresAt.toISOString(),
  }
}

export interface ReachTransferInput extends TransferInput {
  quoteId?: string
}

/**
 * `POST /accounts/transfer`: same currency directly (entry kind `transfer`), across currencies
 * only through an unexpired, unused quote of the caller's (kind `fx_transfer`). Both accounts
 * must be in the caller's reach. Once per requestId, like every ledger call.
 */
export async function transferInReach(
  ctx: TransferContext,
  input: ReachTransferInput,
): Promise<TransferAnswer> {
  const reach = await reachOf(ctx.db, ctx.actor)
  const ids = [input.fromAccountId, input.toAccountId]
  const accounts = await accountsInReach(ctx.db, reach, ids)
  const from = accounts.get(input.fromAccountId)
  const to = accounts.get(input.toAccountId)
  if (!input.quoteId && from?.currency !== to?.currency) {
    throw new BizError(TransferRules.quoteRequired)
  }
  if (!input.quoteId) {
    const result = await transfer(ctx, {
      ...input,
      remark: input.remark || DEFAULT_REMARK.transfer,
    })
    return { ...result, fx: null }
  }
  return fxTransfer(ctx, { ...input, quoteId: input.quoteId })
}

const fxFingerprint = (t: ReachTransferInput) =>
  JSON.stringify([
    'fx_transfer',
    t.fromAccountId,
    t.toAccountId,
    t.amount,
    t.currency,
    t.quoteId,
    t.remark ?? null,
  ])

async function fxTransfer(
  ctx: TransferContext,
  input: ReachTransferInput & { quoteId: string },
): Promise<TransferAnswer> {
  const fingerprint = fxFingerprint(input)
  const first = await replay(ctx.db, input.requestId, fingerprint)
  if (first) return fxAnswer(ctx, first)
  if (input.fromAccountId === input.toAccountId) throw new BizError(LedgerRules.sameAccount)
  const [q] = await ctx.db
    .select()
    .from(fxQuotes)
    .where(and(eq(fxQuotes.id, input.quoteId), eq(fxQuotes.userId, ctx.actor.userId)))
  if (!q) throw new BizError(TransferRules.quoteNotFound)
  const matches =
    q.fromAccountId === input.fromAccountId &&
    q.toAccountId === input.toAccountId &&
    q.fromAmount === input.amount &&
    q.fromCurrency === input.currency
  if (!matches) throw new BizError(TransferRules.quoteMismatch)
  if (q.entryId !== null) throw new BizError(TransferRules.quoteUsed)
  if (q.expiresAt.getTime() <= ctx.clock.now().getTime()) {
    throw new BizError(TransferRules.quoteExpired)
  }
  const platform = (type: 'fx' | 'fee_income' | 'rounding', currency: string) =>
    openAccount(ctx.db, platformKey(type, currency)).then((a) => a.id)
  const postings = fxPostings(conversionOf(q), {
    from: q.fromAccountId,
    to: q.toAccountId,
    fxSource: await platform('fx', q.fromCurrency),
    fxTarget: await platform('fx', q.toCurrency),
    feeIncome: await platform('fee_income', q.toCurrency),
    rounding: await platform('rounding', q.toCurrency),
  })
  try {
    const posted = await ctx.db.transaction(async (tx) => {
      // The quote's row serialises its uses: a second transfer waits, then finds it used.
      const [locked] = await tx
        .select({ entryId: fxQuotes.entryId })
        .from(fxQuotes)
        .where(eq(fxQuotes.id, q.id))
        .for('update')
      if (locked.entryId !== null) throw new BizError(TransferRules.quoteUsed)
      const written = await writeEntry(tx, ctx, {
        requestId: input.requestId,
        fingerprint,
        kind: 'fx_transfer',
        remark: input.remark || DEFAULT_REMARK.fx,
        postings,
      })
      await tx.update(fxQuotes).set({ entryId: written.entry.id }).where(eq(fxQuotes.id, q.id))
      return written
    })
    return fxAnswer(ctx, posted)
  } catch (e) {
    // The same request racing itself: the first to commit answers both.
    if (isUniqueViolation(e)) {
      const winner = await replay(ctx.db, input.requestId, fingerprint)
      if (winner) return fxAnswer(ctx, winner)
    }
    throw e
  }
}

const conversionOf = (q: QuoteRow): FxConversion => ({
  sourceAmount: q.fromAmount,
  sourceCurrency: q.fromCurrency,
  targetCurrency: q.toCurrency,
  rate: q.rate,
  spreadBps: q.spreadBps,
  gross: q.gross,
  spread: q.spread,
  net: q.toAmount,
  rounding: q.rounding,
})

/** An `fx_transfer` entry as the call answers it: its quote holds the rate and both amounts. */
async function fxAnswer(ctx: LedgerContext, posted: PostedEntry): Promise<TransferAnswer> {
  const [q] = await ctx.db.select().from(fxQuotes).where(eq(fxQuotes.entryId, posted.entry.id))
  if (!q) throw new BizError(LedgerRules.requestIdReused)
  const leg = (accountId: number) => posted.postings.find((p) => p.accountId === accountId)!
  return {
    entryId: posted.entry.id,
    requestId: posted.entry.requestId,
    fromAccountId: q.fromAccountId,
    toAccountId: q.toAccountId,
    amount: q.fromAmount,
    currency: q.fromCurrency,
    remark: posted.entry.remark,
    fromBalanceAfter: leg(q.fromAccountId).balanceAfter,
    toBalanceAfter: leg(q.toAccountId).balanceAfter,
    createdAt: posted.entry.createdAt.toISOString(),
    fx: {
      quoteId: q.id,
      rate: q.rate,
      spreadBps: q.spreadBps,
      toAmount: q.toAmount,
      toCurrency: q.toCurrency,
    },
  }
}
