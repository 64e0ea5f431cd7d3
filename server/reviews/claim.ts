import { and, eq, sql } from 'drizzle-orm'
import { pollUntil } from '../concurrency/pollUntil'
import type { Db, DbTx } from '../db/client'
import { reviewDecisions } from '../db/schema'
import type { Clock } from '../deps'
import { BizError, type Rule } from '../http/errors'

/**
 * Every review decision of the product is claimed once, here (docs/security.md, "Review
 * claim"): deposits, withdrawals and adjustments (server/modules/accounts) and card balance
 * updates and cancellations (server/modules/card-ops). The claim is the item's row in
 * `review_decisions`, taken by one conditional upsert; whoever does not get it never reaches
 * the money. What a call that did not get it answers:
 *
 * - the item is decided, by the same reviewer the same way → the first decision's answer
 *   (a retry or a double click moves nothing);
 * - decided otherwise, or by someone else → `rules.decided`;
 * - being decided right now by someone else, or by the same reviewer the other way →
 *   `rules.deciding`;
 * - being decided right now by the same reviewer the same way (the same call sent twice at
 *   once) → it waits for the first to finish and answers as above; if the first failed and
 *   released its claim, this call tries again itself.
 *
 * Each claim has an `attempt` number and an `operationId` derived from the item and the
 * attempt (never random): the ledger hold and the card channel's idempotency key of that
 * attempt are named by it, so the ledger's and the channel's own idempotency hold as well.
 */

export type ReviewSubject = 'account-request' | 'card-request'
export type ReviewDecision = 'approve' | 'reject'

/** A review call: the plain context (database, clock) and who decides what about which item. */
export interface ReviewCall {
  db: Db
  clock: Clock
  subject: ReviewSubject
  itemId: number
  reviewerId: number
  decision: ReviewDecision
}

export interface ReviewRules {
  /** The item is decided (by someone else, or the other way). */
  decided: Rule
  /** The item is being decided right now by another call that is not this one's twin. */
  deciding: Rule
}

export interface ReviewSpec<T> extends ReviewCall {
  rules: ReviewRules
  /** The first decision's answer, read again for the same reviewer's identical call. */
  firstAnswer: () => Promise<T>
}

export interface Claim {
  attempt: number
  /** `<subject>:<itemId>:<attempt>`: the id of this attempt's hold and channel operation. */
  operationId: string
  /**
   * Marks the decision taken, in the transaction that writes it (the money, the item's
   * status): the claim and the decision commit together or not at all.
   */
  settle(tx: Db): Promise<void>
}

/**
 * A claim left `deciding` this long by a process that died is taken over by the next call.
 * The same as a card channel hold's life (server/modules/card-ops/money.ts): by then the
 * dead attempt's hold has been released by the expiry job.
 */
export const STALE_CLAIM_SECONDS = 15 * 60

/** How many times a call tries to claim after the claim it waited for was released. */
const MAX_ROUNDS = 5

type Holder = typeof reviewDecisions.$inferSelect

const itemIs = (call: ReviewCall) =>
  and(eq(reviewDecisions.subject, call.subject), eq(reviewDecisions.itemId, call.itemId))

/**
 * The claim, or null when someone holds it. A new item's row is inserted; an existing row is
 * taken over only when released (a failed attempt) or stale, with the next attempt number.
 */
async function tryClaim(db: Db, call: ReviewCall, rules: ReviewRules): Promise<Claim | null> {
  const now = call.clock.now()
  const staleBefore = new Date(now.getTime() - STALE_CLAIM_SECONDS * 1000)
  const [row] = await db
    .insert(reviewDecisions)
    .values({
      subject: call.subject,
      itemId: call.itemId,
      reviewerId: call.reviewerId,
      decision: call.decision,
      status: 'deciding',
      attempt: 1,
      claimedAt: now,
    })
    .onConflictDoUpdate({
      target: [reviewDecisions.subject, reviewDecisions.itemId],
      set: {
        reviewerId: call.reviewerId,
        decision: call.decision,
        status: 'deciding',
        attempt: sql`${reviewDecisions.attempt} + 1`,
        claimedAt: now,
        decidedAt: null,
      },
      setWhere: sql`${reviewDecisions.status} = 'released' or (${reviewDecisions.status} = 'deciding' and ${reviewDecisions.claimedAt} < ${staleBefore})`,
    })
    .returning()
  if (!row) return null
  return {
    attempt: row.attempt,
    operationId: `${call.subject}:${call.itemId}:${row.attempt}`,
    async settle(tx) {
      const [done] = await tx
        .update(reviewDecisions)
        .set({ status: 'decided', decidedAt: call.clock.now() })
        .where(
          and(
            itemIs(call),
            eq(reviewDecisions.attempt, row.attempt),
            eq(reviewDecisions.status, 'deciding'),
          ),
        )
        .returning({ attempt: reviewDecisions.attempt })
      // Taken over as stale meanwhile: this attempt must not write its decision.
      if (!done) throw new BizError(rules.deciding)
    },
  }
}

async function holderOf(call: ReviewCall): Promise<Holder | null> {
  const [row] = await call.db.select().from(reviewDecisions).where(itemIs(call))
  return row ?? null
}

/** Frees the claim of an attempt that failed (nothing of it was written). */
async function release(call: ReviewCall, claim: Claim) {
  await call.db
    .update(reviewDecisions)
    .set({ status: 'released' })
    .where(
      and(
        itemIs(call),
        eq(reviewDecisions.attempt, claim.attempt),
        eq(reviewDecisions.status, 'deciding'),
      ),
    )
}

/**
 * What a call that did not get the claim does: answer the first decision, be refused, or
 * (the claim was released) try again. See the module comment.
 */
async function afterLoss<T>(spec: ReviewSpec<T>): Promise<'answer' | 'retry'> {
  let holder = await holderOf(spec)
  if (!holder || holder.status === 'released') return 'retry'
  const same = holder.reviewerId === spec.reviewerId && holder.decision === spec.decision
  if (holder.status === 'deciding') {
    if (!same) throw new BizError(spec.rules.deciding)
    holder = await pollUntil(
      () => holderOf(spec),
      (h) => h?.status !== 'deciding',
    )
    if (holder?.status === 'deciding') throw new BizError(spec.rules.deciding)
    if (!holder || holder.status === 'released') return 'retry'
  }
  // Decided: by the twin waited for, or before this call came.
  if (holder.reviewerId === spec.reviewerId && holder.decision === spec.decision) return 'answer'
  throw new BizError(spec.rules.decided)
}

/**
 * A decision with an outside call in it (the card channel): the claim is committed first, so
 * no database lock is held while the channel answers. `decide` must call `claim.settle(tx)` in
 * the transaction that writes the decision; if it throws, the claim is released.
 */
export async function decideOnce<T>(
  spec: ReviewSpec<T>,
  decide: (claim: Claim) => Promise<T>,
): Promise<T> {
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const claim = await tryClaim(spec.db, spec, spec.rules)
    if (claim) {
      let settled = false
      const tracked: Claim = {
        ...claim,
        settle: async (tx) => {
          await claim.settle(tx)
          settled = true
        },
      }
      try {
        const answer = await decide(tracked)
        if (!settled) throw new Error('a review decision must settle its claim')
        return answer
      } catch (e) {
        await release(spec, claim)
        throw e
      }
    }
    if ((await afterLoss(spec)) === 'answer') return spec.firstAnswer()
  }
  throw new BizError(spec.rules.deciding)
}

/**
 * A decision written in one transaction (no outside call): the claim, `decide`'s writes and
 * the settling commit together; a refusal inside rolls the claim back with the rest.
 */
export async function decideInTransaction<T>(
  spec: ReviewSpec<T>,
  decide: (tx: DbTx, claim: Claim) => Promise<T>,
): Promise<T> {
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const outcome = await spec.db.transaction(async (tx) => {
      const claim = await tryClaim(tx, spec, spec.rules)
      if (!claim) return { won: false as const }
      const value = await decide(tx, claim)
      await claim.settle(tx)
      return { won: true as const, value }
    })
    if (outcome.won) return outcome.value
    if ((await afterLoss(spec)) === 'answer') return spec.firstAnswer()
  }
  throw new BizError(spec.rules.deciding)
}
