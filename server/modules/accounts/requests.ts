import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import { formatMoney } from '../../../src/lib/money'
import { audit } from '../../audit'
import { merchantScope, reachOf, type Reach } from '../../auth/scope'
import type { Db } from '../../db/client'
import {
  accountFiles,
  accountMovements,
  accountRequests,
  auditLog,
  ledgerAccounts,
  merchants,
  parameters,
  users,
} from '../../db/schema'
import { BizError, CommonRules } from '../../http/errors'
import { iso } from '../../http/wire'
import { bankKey, merchantBalance, merchantBalanceKey, openAccount } from '../../ledger/accounts'
import { createHold, resolveHold } from '../../ledger/holdService'
import { availableBalance } from '../../ledger/postings'
import { LedgerRules } from '../../ledger/rules'
import { lockAccounts, writeEntry, type LedgerContext, type Tx } from '../../ledger/store'
import type { ServiceContext } from '../../resources/context'
import type { ReviewState } from '../../../src/machines/review'
import {
  reviewInTransaction,
  reviewView,
  withdrawReview,
  type ReviewItem,
  type ReviewRefusals,
} from '../../reviews/service'
import { readProof, type ProofUpload } from './proof'
import { AccountRules } from './rules'

type RequestRow = typeof accountRequests.$inferSelect
type Kind = 'deposit' | 'withdrawal' | 'adjustment'

/** A withdrawal's hold lasts until it is reviewed: the expiry job must never release it first. */
const HOLD_SECONDS = 10 * 365 * 86_400

const BUTTON = {
  declare: 'accounts-transactions:add',
  review: 'accounts-transactions:review',
  adjust: 'accounts-transactions:update-balance',
} as const

function requireButton(ctx: ServiceContext, code: string) {
  if (!ctx.actor?.buttons.has(code)) throw new BizError(CommonRules.viewOnly)
}

const actorOf = (ctx: ServiceContext) => ctx.actor!

/** Money requests and movements of merchants in the caller's reach. */
export const requestScope = (reach: Reach) =>
  merchantScope(reach, {
    merchantId: accountRequests.merchantId,
    companyId: accountRequests.companyId,
  })

/**
 * The merchant the caller acts for: the one it names, if in reach; when it names none, a
 * merchant user's own. A named merchant out of reach is refused like a missing one (2020),
 * never swapped for the caller's own: the request would otherwise go through for a merchant
 * the caller did not mean (issue 17).
 */
async function merchantFor(ctx: ServiceContext, reach: Reach, merchantId: number | undefined) {
  const chosen = merchantId ?? (reach.kind === 'merchant' ? reach.merchantId : undefined)
  if (!chosen) throw new BizError(AccountRules.merchantNotFound)
  const [m] = await ctx.db
    .select({ id: merchants.id, companyId: merchants.companyId })
    .from(merchants)
    .where(
      and(
        eq(merchants.id, chosen),
        merchantScope(reach, { merchantId: merchants.id, companyId: merchants.companyId }),
      ),
    )
  if (!m) throw new BizError(AccountRules.merchantNotFound)
  return m
}

/** The minimum deposit of a currency in minor units: system parameter `deposit.min.<CUR>`. */
export async function minimumDeposit(db: Db, currency: string): Promise<number> {
  const [p] = await db
    .select({ value: parameters.value })
    .from(parameters)
    .where(and(eq(parameters.name, `deposit.min.${currency}`), eq(parameters.active, true)))
  const n = p ? Number(p.value) : 0
  return Number.isSafeInteger(n) && n > 0 ? n : 0
}

interface NewRequest {
  kind: Kind
  merchant: { id: number; companyId: number }
  currency: string
  /** Signed: what the balance changes by once approved. */
  amount: number
  reference?: string
  beneficiary?: string
  remark?: string
  proof?: ProofUpload
}

/**
 * Records a request for review, with its first history step and its row in the movements list.
 * A debit (withdrawal, − adjustment) holds the amount at once, so it cannot be spent twice
 * while it waits: refused with the insufficient-balance message when available is short.
 */
async function submit(ctx: ServiceContext, input: NewRequest): Promise<number> {
  const actor = actorOf(ctx)
  const now = ctx.clock.now()
  const proof = input.proof ? readProof(input.proof) : null
  const account =
    input.amount < 0
      ? await merchantBalance(ctx.db, input.merchant.id, input.currency)
      : await openAccount(ctx.db, merchantBalanceKey(input.merchant.id, input.currency))
  if (!account) throw new BizError(LedgerRules.insufficientBalance)
  const bank = input.amount < 0 ? await openAccount(ctx.db, bankKey(input.currency)) : null
  return ctx.db.transaction(async (tx) => {
    let proofFileId: number | null = null
    if (proof && input.proof) {
      const [file] = await tx
        .insert(accountFiles)
        .values({
          merchantId: input.merchant.id,
          name: input.proof.name,
          contentType: proof.contentType,
          size: proof.bytes.length,
          data: proof.bytes,
          createdBy: actor.userId,
          createdAt: now,
        })
        .returning({ id: accountFiles.id })
      proofFileId = file.id
    }
    const [req] = await tx
      .insert(accountRequests)
      .values({
        kind: input.kind,
        merchantId: input.merchant.id,
        companyId: input.merchant.companyId,
        accountId: account.id,
        currency: input.currency,
        amount: input.amount,
        reference: input.reference ?? '',
        beneficiary: input.beneficiary ?? '',
        remark: input.remark ?? '',
        proofFileId,
        createdBy: actor.userId,
        createdAt: now,
      })
      .returning()
    if (bank) {
      const ledger: LedgerContext = { db: tx, clock: ctx.clock, actorUserId: actor.userId }
      const hold = await createHold(ledger, {
        requestId: `account-request-${req.id}-hold`,
        debitAccountId: account.id,
        creditAccountId: bank.id,
        amount: -input.amount,
        currency: input.currency,
        timeoutSeconds: HOLD_SECONDS,
      })
      await tx
        .update(accountRequests)
        .set({ holdId: hold.id })
        .where(eq(accountRequests.id, req.id))
    }
    await tx.insert(accountMovements).values({
      merchantId: req.merchantId,
      companyId: req.companyId,
      accountId: req.accountId,
      currency: req.currency,
      type: req.kind,
      status: 'pending',
      amount: req.amount,
      reference: req.reference,
      remark: req.remark,
      requestId: req.id,
      actorUserId: actor.userId,
      createdAt: now,
    })
    await audit(
      ctx,
      {
        action: `accounts.${input.kind}.submit`,
        target: `account-request:${req.id}`,
        detail: { merchantId: req.merchantId, currency: req.currency, amount: req.amount },
      },
      tx,
    )
    return req.id
  })
}

export interface DeclareInput {
  merchantId?: number
  kind: 'deposit' | 'withdrawal'
  currency: string
  amount: number
  reference: string
  beneficiary: string
  remark: string
  proof?: ProofUpload
}

/** A merchant's deposit declaration or withdrawal request. */
export async function declare(ctx: ServiceContext, input: DeclareInput): Promise<number> {
  requireButton(ctx, BUTTON.declare)
  const reach = await reachOf(ctx.db, actorOf(ctx))
  const merchant = await merchantFor(ctx, reach, input.merchantId)
  if (input.kind === 'deposit') {
    const minimum = await minimumDeposit(ctx.db, input.currency)
    if (input.amount < minimum) {
      throw new BizError(AccountRules.depositBelowMinimum, {
        minimum: formatMoney(minimum, input.currency),
      })
    }
    if (!input.proof) throw new BizError(AccountRules.proofRequired)
  }
  const sign = input.kind === 'deposit' ? 1 : -1
  return submit(ctx, {
    kind: input.kind,
    merchant,
    currency: input.currency,
    amount: sign * input.amount,
    reference: input.kind === 'deposit' ? input.reference : '',
    beneficiary: input.kind === 'withdrawal' ? input.beneficiary : '',
    remark: input.remark,
    proof: input.kind === 'deposit' ? input.proof : undefined,
  })
}

/** An administrator's manual adjustment: + or −, reviewed like the rest. */
export async function adjust(
  ctx: ServiceContext,
  input: { merchantId: number; currency: string; sign: '+' | '-'; amount: number; reason: string },
): Promise<number> {
  requireButton(ctx, BUTTON.adjust)
  const reach = await reachOf(ctx.db, actorOf(ctx))
  const merchant = await merchantFor(ctx, reach, input.merchantId)
  return submit(ctx, {
    kind: 'adjustment',
    merchant,
    currency: input.currency,
    amount: input.sign === '+' ? input.amount : -input.amount,
    remark: input.reason,
  })
}

/** The request, locked, if the caller reaches it (otherwise 404 like a missing id). */
async function lockInReach(ctx: ServiceContext, tx: Db, id: number): Promise<RequestRow> {
  const reach = await reachOf(tx, actorOf(ctx))
  const [req] = await tx
    .select()
    .from(accountRequests)
    .where(and(eq(accountRequests.id, id), requestScope(reach)))
    .for('update')
  if (!req) throw new BizError(AccountRules.requestNotFound)
  return req
}

/**
 * The accounts requests under the review service (server/reviews/service.ts): how their
 * statuses read as review states, and their codes for a decided request (2012, also while
 * another decision is being written: it is written in one transaction) and for withdrawing
 * someone else's request (2017). The own-request code (2013) is the service's.
 */
const STATE_OF: Record<string, ReviewState> = {
  pending: 'pending',
  success: 'approved',
  rejected: 'rejected',
  cancel: 'withdrawn',
}
const STATUS_OF: Record<ReviewState, RequestRow['status']> = {
  pending: 'pending',
  approved: 'success',
  rejected: 'rejected',
  withdrawn: 'cancel',
}
const REFUSALS: ReviewRefusals = {
  decided: AccountRules.requestNotPending,
  deciding: AccountRules.requestNotPending,
  notMaker: AccountRules.notOwnRequest,
}
const reviewItem = (req: RequestRow): ReviewItem => ({
  subject: 'account-request',
  itemId: req.id,
  state: STATE_OF[req.status] ?? 'pending',
  makerId: req.createdBy,
})

/** Moves the request's row in the movements list to its final status. */
async function closeMovement(tx: Db, req: RequestRow, status: 'rejected' | 'cancel') {
  await tx
    .update(accountMovements)
    .set({ status })
    .where(and(eq(accountMovements.requestId, req.id), isNull(accountMovements.postingId)))
}

/**
 * Posts an approved request to the ledger. The posting's own movement row (written by the
 * trigger) takes the request's place in the list: the pending row goes, the posted one is
 * linked to the request and carries its reference.
 */
async function post(ctx: ServiceContext, tx: Tx, req: RequestRow): Promise<number> {
  const ledger: LedgerContext = { db: tx, clock: ctx.clock, actorUserId: actorOf(ctx).userId }
  let entryId: number
  if (req.holdId) {
    const hold = await resolveHold(ledger, {
      holdId: req.holdId,
      requestId: `account-request-${req.id}`,
      action: 'post',
      // The column holds only the kinds this module writes (`Kind`).
      kind: req.kind as Kind,
    })
    entryId = hold.entryId!
  } else {
    const bank = await openAccount(tx, bankKey(req.currency))
    const locked = await lockAccounts(tx, [bank.id, req.accountId])
    const { entry } = await writeEntry(
      tx,
      ledger,
      {
        requestId: `account-request-${req.id}`,
        fingerprint: JSON.stringify(['account-request', req.id]),
        kind: req.kind as Kind,
        remark: req.reference || req.remark || null,
        postings: [
          { accountId: bank.id, currency: req.currency, amount: -req.amount },
          { accountId: req.accountId, currency: req.currency, amount: req.amount },
        ],
      },
      locked,
    )
    entryId = entry.id
  }
  await tx
    .delete(accountMovements)
    .where(and(eq(accountMovements.requestId, req.id), isNull(accountMovements.postingId)))
  await tx
    .update(accountMovements)
    .set({ requestId: req.id, reference: req.reference, remark: req.remark })
    .where(
      and(eq(accountMovements.entryId, entryId), eq(accountMovements.accountId, req.accountId)),
    )
  return entryId
}

/** The request if the caller reaches it (otherwise 404 like a missing id); not locked. */
async function requestInReach(ctx: ServiceContext, id: number): Promise<RequestRow> {
  const reach = await reachOf(ctx.db, actorOf(ctx))
  const [req] = await ctx.db
    .select()
    .from(accountRequests)
    .where(and(eq(accountRequests.id, id), requestScope(reach)))
  if (!req) throw new BizError(AccountRules.requestNotFound)
  return req
}

/**
 * Approves (posts the entry) or rejects (posts nothing, releases a hold) a pending request,
 * through the review service: maker ≠ checker (2013), decided once — the same reviewer's
 * identical call, sent again or at the same moment, answers the first decision; any other
 * review of a decided request is refused (2012).
 */
export async function review(
  ctx: ServiceContext,
  input: { requestId: number; decision: 'approve' | 'reject'; reasonCode?: string; note: string },
) {
  requireButton(ctx, BUTTON.review)
  // Reach first: a request outside it is 404 whatever its state, never "already reviewed".
  await requestInReach(ctx, input.requestId)
  await reviewInTransaction(
    ctx,
    { subject: 'account-request', itemId: input.requestId },
    { ...input, rules: REFUSALS, firstAnswer: async () => undefined },
    async (tx) => {
      const req = await lockInReach(ctx, tx, input.requestId)
      return { item: reviewItem(req), row: req }
    },
    async (tx, req, to) => {
      let entryId: number | null = null
      if (to === 'approved') {
        entryId = await post(ctx, tx, req)
      } else {
        await release(ctx, tx, req)
        await closeMovement(tx, req, 'rejected')
      }
      await tx
        .update(accountRequests)
        .set({
          status: STATUS_OF[to],
          entryId,
          reviewedBy: actorOf(ctx).userId,
          reviewedAt: ctx.clock.now(),
          reasonCode: input.reasonCode ?? null,
          reviewNote: input.note,
        })
        .where(eq(accountRequests.id, req.id))
      await audit(
        ctx,
        {
          action: `accounts.${req.kind as Kind}.${input.decision}`,
          target: `account-request:${req.id}`,
          detail: { reasonCode: input.reasonCode, note: input.note, entryId },
        },
        tx,
      )
    },
  )
  return detail(ctx, input.requestId)
}

async function release(ctx: ServiceContext, tx: Db, req: RequestRow) {
  if (!req.holdId) return
  await resolveHold(
    { db: tx, clock: ctx.clock, actorUserId: actorOf(ctx).userId },
    { holdId: req.holdId, requestId: `account-request-${req.id}-release`, action: 'void' },
  )
}

/** The submitter withdraws a request still waiting for review (the review service's WITHDRAW). */
export async function cancel(ctx: ServiceContext, requestId: number) {
  requireButton(ctx, BUTTON.declare)
  await ctx.db.transaction(async (tx) => {
    const req = await lockInReach(ctx, tx, requestId)
    const to = await withdrawReview(ctx, tx, reviewItem(req), REFUSALS)
    await release(ctx, tx, req)
    await closeMovement(tx, req, 'cancel')
    await tx
      .update(accountRequests)
      .set({ status: STATUS_OF[to] })
      .where(eq(accountRequests.id, req.id))
    await audit(
      ctx,
      { action: `accounts.${req.kind as Kind}.cancel`, target: `account-request:${req.id}` },
      tx,
    )
  })
  return detail(ctx, requestId)
}

/** A request with its history, if the caller reaches it. */
export async function detail(ctx: ServiceContext, requestId: number) {
  const actor = actorOf(ctx)
  const reach = await reachOf(ctx.db, actor)
  const [row] = await ctx.db
    .select({
      req: accountRequests,
      merchantName: merchants.name,
      createdByName: users.loginName,
      proofName: accountFiles.name,
      proofType: accountFiles.contentType,
      proofSize: accountFiles.size,
    })
    .from(accountRequests)
    .leftJoin(merchants, eq(merchants.id, accountRequests.merchantId))
    .leftJoin(users, eq(users.id, accountRequests.createdBy))
    .leftJoin(accountFiles, eq(accountFiles.id, accountRequests.proofFileId))
    .where(and(eq(accountRequests.id, requestId), requestScope(reach)))
  if (!row) throw new BizError(AccountRules.requestNotFound)
  const audits = await ctx.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.target, `account-request:${requestId}`))
    .orderBy(asc(auditLog.id))
  const { req } = row
  return {
    id: req.id,
    kind: req.kind,
    merchantId: req.merchantId,
    merchantName: row.merchantName ?? '',
    currency: req.currency,
    amount: req.amount,
    reference: req.reference,
    beneficiary: req.beneficiary,
    remark: req.remark,
    status: req.status,
    createdBy: req.createdBy,
    createdByName: row.createdByName ?? '',
    createdAt: iso(req.createdAt),
    reasonCode: req.reasonCode,
    reviewNote: req.reviewNote,
    proof: row.proofName
      ? { name: row.proofName, contentType: row.proofType!, size: row.proofSize! }
      : null,
    review: await reviewView(ctx, {
      ...reviewItem(req),
      makerName: row.createdByName ?? '',
      askedAt: req.createdAt,
    }),
    audit: audits.map((a) => ({ action: a.action, loginName: a.loginName ?? '', at: iso(a.at) })),
    /** The caller's buttons; what the review allows now is the review machine's. */
    buttons: {
      decide: actor.buttons.has(BUTTON.review),
      withdraw: actor.buttons.has(BUTTON.declare),
    },
  }
}

/** The proof file of a request the caller reaches. */
export async function proofFile(ctx: ServiceContext, requestId: number) {
  const reach = await reachOf(ctx.db, actorOf(ctx))
  const [row] = await ctx.db
    .select({ file: accountFiles })
    .from(accountRequests)
    .innerJoin(accountFiles, eq(accountFiles.id, accountRequests.proofFileId))
    .where(and(eq(accountRequests.id, requestId), requestScope(reach)))
  if (!row) throw new BizError(AccountRules.fileNotFound)
  return row.file
}

/** Totals per currency over the merchant balances the caller reaches. */
export async function currencyTotals(ctx: ServiceContext) {
  const reach = await reachOf(ctx.db, actorOf(ctx))
  const rows = await ctx.db
    .select({
      currency: ledgerAccounts.currency,
      merchants: sql<number>`count(distinct ${ledgerAccounts.ownerId})::int`,
      credits: sql<string>`sum(${ledgerAccounts.creditsPosted})`,
      debits: sql<string>`sum(${ledgerAccounts.debitsPosted})`,
      held: sql<string>`sum(${ledgerAccounts.debitsPending})`,
    })
    .from(ledgerAccounts)
    .innerJoin(merchants, eq(merchants.id, ledgerAccounts.ownerId))
    .where(
      and(
        eq(ledgerAccounts.type, 'merchant_balance'),
        eq(ledgerAccounts.ownerType, 'merchant'),
        merchantScope(reach, { merchantId: merchants.id, companyId: merchants.companyId }),
      ),
    )
    .groupBy(ledgerAccounts.currency)
    .orderBy(asc(ledgerAccounts.currency))
  return rows.map((r) => {
    const sums = {
      creditsPosted: Number(r.credits),
      debitsPosted: Number(r.debits),
      debitsPending: Number(r.held),
    }
    const posted = sums.creditsPosted - sums.debitsPosted
    return {
      currency: r.currency,
      merchants: r.merchants,
      posted,
      pending: sums.debitsPending,
      available: availableBalance({ ...sums, creditsPending: 0 }),
    }
  })
}
