import { asc, eq, inArray, sql } from 'drizzle-orm'
import { preparedPerDb, type Db } from '../db/client'
import { ledgerAccounts, ledgerEntries, ledgerPostings } from '../db/schema'
import { isUniqueViolation } from '../db/uniqueViolation'
import type { Clock } from '../deps'
import { BizError } from '../http/errors'
import { applyPosting, availableBalance, isBalanced, postedBalance, type Posting } from './postings'
import { LedgerRules } from './rules'
import type { LedgerKind } from '../../src/lib/codeLabels'

/** What ledger operations need: a database, a clock and, when a person asked, who. */
export interface LedgerContext {
  db: Db
  clock: Clock
  actorUserId?: number | null
  /**
   * What the caller writes with a new entry, in the entry's own transaction (its audit row):
   * the movement and its record commit together, in one commit instead of two. Not called
   * when a retry is answered with the first entry.
   */
  record?: (tx: Tx, posted: PostedEntry) => Promise<void>
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
 * Locks the accounts' rows in the one order every writer uses, so two entries touching the same
 * accounts can never deadlock, and returns them by id. The order: customers' accounts first,
 * then the accounts that mirror money outside the platform (those that may go below zero: a
 * channel's settlement, the bank, FX, rounding), each by ascending id. The mirrors are shared by
 * many writers; being last lets a writer that only adds to a mirror's sums do it as its final
 * statement without a lock taken beforehand (the card authorisation, `placeHold`), so that each
 * holds the shared row only for its commit.
 */
export async function lockAccounts(tx: Tx, ids: number[]): Promise<Map<number, AccountRow>> {
  const unique = [...new Set(ids)]
  const rows = await tx
    .select()
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, unique))
    .orderBy(asc(ledgerAccounts.allowOverdraft), asc(ledgerAccounts.id))
    // Not FOR UPDATE: the writers change sums, never the key, so rows that only reference an
    // account (a hold, a posting) may still be inserted while it is locked.
    .for('no key update')
  return new Map(rows.map((r) => [r.id, r]))
}

export interface EntryRequest {
  requestId: string
  /** The request's own fields, canonical: the same requestId with another fingerprint is refused. */
  fingerprint: string
  /** One of LEDGER_KINDS, each of which has a label (src/lib/codeLabels.ts). */
  kind: LedgerKind
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
  await moveSums(tx, [...after.values()])
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
  await ctx.record?.(tx, { entry, postings })
  return { entry, postings }
}

/**
 * Sets the accounts' posted sums in one statement (one round trip for every account of the
 * entry, not one each). The table's CHECK constraints still judge every row.
 */
async function moveSums(tx: Tx, accounts: AccountRow[]) {
  if (accounts.length === 0) return
  const rows = sql.join(
    accounts.map(
      (a) => sql`(${a.id}::bigint, ${a.debitsPosted}::bigint, ${a.creditsPosted}::bigint)`,
    ),
    sql`, `,
  )
  await tx.execute(sql`
    update ${ledgerAccounts}
    set debits_posted = v.debits, credits_posted = v.credits
    from (values ${rows}) as v(id, debits, credits)
    where ${ledgerAccounts.id} = v.id`)
}

/** The entry of a request id: read before every posting (a retry answers the first result). */
const entryByRequestId = preparedPerDb((db) =>
  db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.requestId, sql.placeholder('requestId')))
    .prepare('ledger_entry_by_request'),
)

export async function findEntry(db: Db | Tx, requestId: string): Promise<PostedEntry | null> {
  const [entry] = await entryByRequestId(db).execute({ requestId })
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
 * first entry and moves nothing; the same id with other fields is refused. `check` sees the
 * locked accounts before anything is written and may refuse (a refusal writes nothing).
 *
 * The request id is looked up only when the write does not go through: a first request (the
 * usual case) writes straight away and saves a round trip; a retry fails on the request id's
 * unique index, or on a refusal its own first request made true (the balance it spent), and
 * then answers the first entry (or is refused if its fields differ), as before.
 */
export async function postEntry(
  ctx: LedgerContext,
  req: EntryRequest,
  check?: (accounts: Map<number, AccountRow>) => void,
): Promise<PostedEntry> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const locked = await lockAccounts(
        tx,
        req.postings.map((p) => p.accountId),
      )
      check?.(locked)
      return writeEntry(tx, ctx, req, locked)
    })
  } catch (e) {
    // Nothing was written. The request id already has an entry (this is a retry, or a
    // concurrent retry committed first): answer with it, or refuse other fields under it.
    if (isUniqueViolation(e) || e instanceof BizError) {
      const first = await replay(ctx.db, req.requestId, req.fingerprint)
      if (first) return first
    }
    throw e
  }
}
