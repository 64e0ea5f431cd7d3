import { asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/client'
import { ledgerAccounts, ledgerEntries, ledgerPostings } from '../db/schema'
import { isUniqueViolation } from '../db/uniqueViolation'
import type { Clock } from '../deps'
import { BizError } from '../http/errors'
import { applyPosting, availableBalance, isBalanced, postedBalance, type Posting } from './postings'
import { LedgerRules } from './rules'

/** What ledger operations need: a database, a clock and, when a person asked, who. */
export interface LedgerContext {
  db: Db
  clock: Clock
  actorUserId?: number | null
}

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type AccountRow = typeof ledgerAccounts.$inferSelect
export type EntryRow = typeof ledgerEntries.$inferSelect
export type PostingRow = typeof ledgerPostings.$inferSelect

export interface PostedEntry {
  entry: EntryRow
  postings: PostingRow[]
}

/**
 * Locks the accounts' rows, always in ascending id order so two entries touching the same
 * accounts can never deadlock, and returns them by id.
 */
export async function lockAccounts(tx: Tx, ids: number[]): Promise<Map<number, AccountRow>> {
  const unique = [...new Set(ids)].sort((a, b) => a - b)
  const rows = await tx
    .select()
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, unique))
    .orderBy(asc(ledgerAccounts.id))
    .for('update')
  return new Map(rows.map((r) => [r.id, r]))
}

export interface EntryRequest {
  requestId: string
  /** The request's own fields, canonical: the same requestId with another fingerprint is refused. */
  fingerprint: string
  kind: string
  postings: Posting[]
  remark?: string | null
  holdId?: number | null
}

/**
 * Writes one balanced entry inside `tx`: locks the accounts, refuses an overdraft, inserts the
 * entry and its postings (each with the balance it left) and moves the accounts' sums — all in
 * the one transaction, so a balance never changes without its postings.
 */
export async function writeEntry(
  tx: Tx,
  ctx: LedgerContext,
  req: EntryRequest,
  locked?: Map<number, AccountRow>,
): Promise<PostedEntry> {
  if (!isBalanced(req.postings)) throw new BizError(LedgerRules.unbalanced)
  const accounts =
    locked ??
    (await lockAccounts(
      tx,
      req.postings.map((p) => p.accountId),
    ))
  const after = new Map<number, AccountRow>()
  const balances: number[] = []
  for (const p of req.postings) {
    const account = after.get(p.accountId) ?? accounts.get(p.accountId)
    if (!account) throw new BizError(LedgerRules.accountNotFound)
    if (account.currency !== p.currency) throw new BizError(LedgerRules.currencyMismatch)
    const next = { ...account, ...applyPosting(account, p.amount) }
    if (!next.allowOverdraft && p.amount < 0 && availableBalance(next) < 0) {
      throw new BizError(LedgerRules.insufficientBalance)
    }
    after.set(p.accountId, next)
    balances.push(postedBalance(next))
  }
  const [entry] = await tx
    .insert(ledgerEntries)
    .values({
      requestId: req.requestId,
      fingerprint: req.fingerprint,
      kind: req.kind,
      holdId: req.holdId ?? null,
      remark: req.remark ?? null,
      actorUserId: ctx.actorUserId ?? null,
      createdAt: ctx.clock.now(),
    })
    .returning()
  for (const a of after.values()) {
    await tx
      .update(ledgerAccounts)
      .set({ debitsPosted: a.debitsPosted, creditsPosted: a.creditsPosted })
      .where(eq(ledgerAccounts.id, a.id))
  }
  const postings = await tx
    .insert(ledgerPostings)
    .values(
      req.postings.map((p, i) => ({
        entryId: entry.id,
        accountId: p.accountId,
        currency: p.currency,
        amount: p.amount,
        balanceAfter: balances[i],
      })),
    )
    .returning()
  return { entry, postings }
}

export async function findEntry(db: Db | Tx, requestId: string): Promise<PostedEntry | null> {
  const [entry] = await db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.requestId, requestId))
  if (!entry) return null
  const postings = await db
    .select()
    .from(ledgerPostings)
    .where(eq(ledgerPostings.entryId, entry.id))
    .orderBy(asc(ledgerPostings.id))
  return { entry, postings }
}

/** The first result of a request id, or null; refuses a reuse with different fields. */
export async function replay(
  db: Db | Tx,
  requestId: string,
  fingerprint: string,
): Promise<PostedEntry | null> {
  const found = await findEntry(db, requestId)
  if (found && found.entry.fingerprint !== fingerprint) {
    throw new BizError(LedgerRules.requestIdReused)
  }
  return found
}

/**
 * Posts an entry exactly once per request id: a retry (even one racing the first) returns the
 * first entry and moves nothing; the same id with other fields is refused.
 */
export async function postEntry(ctx: LedgerContext, req: EntryRequest): Promise<PostedEntry> {
  const first = await replay(ctx.db, req.requestId, req.fingerprint)
  if (first) return first
  try {
    return await ctx.db.transaction((tx) => writeEntry(tx, ctx, req))
  } catch (e) {
    // A concurrent retry committed first: answer with its entry.
    if (isUniqueViolation(e)) {
      const winner = await replay(ctx.db, req.requestId, req.fingerprint)
      if (winner) return winner
    }
    throw e
  }
}
