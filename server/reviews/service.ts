import { and, asc, eq } from 'drizzle-orm'
import {
  nextReviewState,
  reviewSnapshot,
  type ReviewEvent,
  type ReviewEventType,
  type ReviewState,
} from '../../src/machines/review'
import type { Db, DbTx } from '../db/client'
import { reviewTransitions } from '../db/schema'
import { BizError, type Rule } from '../http/errors'
import { iso } from '../http/wire'
import type { ServiceContext } from '../resources/context'
import {
  decideInTransaction,
  decideOnce,
  type Claim,
  type ReviewDecision,
  type ReviewSubject,
} from './claim'
import { ReviewRules } from './rules'

/**
 * The one review service (DESIGN §5 "Reviews once", docs/reviews.md). Every maker–checker flow
 * — deposits, withdrawals, adjustments (server/modules/accounts), card balance updates and
 * cancellations (server/modules/card-ops) — decides through here:
 *
 * - the review machine (src/machines/review.ts) says whether the caller may do it: never the
 *   maker's own request (2013 for every flow), never a decided one, a rejection with a reason;
 * - the claim (./claim.ts) lets exactly one decision through, whoever sends it, however often;
 * - the step is written to `review_transitions` (who, when, from → to, reason code, note) in
 *   the transaction that writes the decision, and every flow's detail returns the same
 *   `ReviewView` (state, maker, history).
 *
 * A flow brings only what is its own: how its stored status reads as a review state, who its
 * maker is (`created_by` or `requested_by` in its table: named `makerId` here), its codes for
 * "already decided" and "being decided", and the writes of the decision itself.
 */

/** An item under review, as the machine sees it. */
export interface ReviewItem {
  subject: ReviewSubject
  itemId: number
  state: ReviewState
  /** Who asked (the flow's `created_by` / `requested_by`). */
  makerId: number
}

/** A flow's own codes for what the machine refuses besides the maker's own request. */
export interface ReviewRefusals {
  /** The item is no longer pending (decided or withdrawn), or decided by someone else. */
  decided: Rule
  /** Another call is deciding it right now. */
  deciding: Rule
  /** Withdrawing a request someone else made. */
  notMaker?: Rule
}

interface DecisionInput {
  decision: ReviewDecision
  reasonCode?: string | null
  note?: string | null
}

/** One step of an item's history, the same shape for every flow. */
interface ReviewStep {
  /** 'SUBMIT' for the request itself, else the review machine's event. */
  event: 'SUBMIT' | ReviewEventType
  from: ReviewState | null
  to: ReviewState
  actorName: string
  reasonCode: string | null
  note: string
  at: string
}

/** What every detail screen shows of a review (src/components/review). */
interface ReviewView {
  state: ReviewState
  makerName: string
  /** Whether the caller made the request: the console's machine then offers only withdrawing. */
  makerIsYou: boolean
  history: ReviewStep[]
}

const me = (ctx: ServiceContext) => ctx.actor!

function decisionEvent(ctx: ServiceContext, input: DecisionInput): ReviewEvent {
  const by = me(ctx).userId
  return input.decision === 'approve'
    ? { type: 'APPROVE', by, reasonCode: input.reasonCode ?? undefined, note: input.note ?? '' }
    : { type: 'REJECT', by, reasonCode: input.reasonCode ?? '', note: input.note ?? '' }
}

/**
 * Refuses what the machine refuses, naming why a person can act on: the item is decided, it is
 * the caller's own request, a rejection has no reason. Answers the state it moves to.
 */
function requireAllowed(item: ReviewItem, event: ReviewEvent, rules: ReviewRefusals) {
  const next = nextReviewState(item.state, { makerId: item.makerId }, event)
  if (next) return next.state
  if (item.state !== 'pending') throw new BizError(rules.decided)
  const byOther = reviewSnapshot(item.state, { makerId: -1 }).can(event)
  if (event.type === 'WITHDRAW') throw new BizError(rules.notMaker ?? rules.decided)
  if (event.by === item.makerId && byOther) throw new BizError(ReviewRules.ownRequest)
  if (event.type === 'REJECT') throw new BizError(ReviewRules.reasonRequired)
  throw new BizError(rules.decided)
}

/** Checks a decision before anything is claimed or read further (the machine's refusal). */
export function requireDecision(
  ctx: ServiceContext,
  item: ReviewItem,
  input: DecisionInput,
  rules: ReviewRefusals,
) {
  return requireAllowed(item, decisionEvent(ctx, input), rules)
}

async function record(
  ctx: ServiceContext,
  tx: Db,
  item: ReviewItem,
  event: ReviewEvent,
  to: ReviewState,
) {
  const actor = me(ctx)
  const carried = event as { reasonCode?: string; note?: string }
  await tx.insert(reviewTransitions).values({
    subject: item.subject,
    itemId: item.itemId,
    event: event.type,
    fromState: item.state,
    toState: to,
    actorUserId: actor.userId,
    actorName: actor.loginName,
    reasonCode: carried.reasonCode?.trim() ? carried.reasonCode : null,
    note: carried.note ?? '',
    createdAt: ctx.clock.now(),
  })
}

export interface Decision<T> extends DecisionInput {
  rules: ReviewRefusals
  /** The first decision's answer, for the same reviewer's identical call sent again. */
  firstAnswer: () => Promise<T>
}

/**
 * A decision with an outside call in it (the card channel). The machine checks `item` first;
 * `decide` gets the claim and must call `claim.settle(tx)` in the transaction that writes the
 * decision: settling also writes the history step, so the claim, the decision and its step
 * commit together. Nothing is written if it throws.
 */
export async function reviewOnce<T>(
  ctx: ServiceContext,
  item: ReviewItem,
  d: Decision<T>,
  decide: (claim: Claim) => Promise<T>,
): Promise<T> {
  const event = decisionEvent(ctx, d)
  const to = requireAllowed(item, event, d.rules)
  return decideOnce({ ...claimSpec(ctx, item, d), firstAnswer: d.firstAnswer }, (claim) =>
    decide({
      ...claim,
      settle: async (tx) => {
        await claim.settle(tx)
        await record(ctx, tx, item, event, to)
      },
    }),
  )
}

/**
 * A decision written in one transaction: `load` reads (and locks) the item in it, the machine
 * checks what it read, `write` writes the decision, and the history step and the claim commit
 * with it.
 */
export async function reviewInTransaction<T, R>(
  ctx: ServiceContext,
  item: Pick<ReviewItem, 'subject' | 'itemId'>,
  d: Decision<T>,
  load: (tx: DbTx) => Promise<{ item: ReviewItem; row: R }>,
  write: (tx: DbTx, row: R, to: ReviewState) => Promise<T>,
): Promise<T> {
  const event = decisionEvent(ctx, d)
  return decideInTransaction(
    { ...claimSpec(ctx, item, d), firstAnswer: d.firstAnswer },
    async (tx) => {
      const loaded = await load(tx)
      const to = requireAllowed(loaded.item, event, d.rules)
      const answer = await write(tx, loaded.row, to)
      await record(ctx, tx, loaded.item, event, to)
      return answer
    },
  )
}

function claimSpec(
  ctx: ServiceContext,
  item: Pick<ReviewItem, 'subject' | 'itemId'>,
  d: Decision<unknown>,
) {
  return {
    db: ctx.db,
    clock: ctx.clock,
    subject: item.subject,
    itemId: item.itemId,
    reviewerId: me(ctx).userId,
    decision: d.decision,
    rules: { decided: d.rules.decided, deciding: d.rules.deciding },
  }
}

/**
 * The maker takes back a request still pending (in the caller's transaction, with the item
 * locked): refused for anyone else and for a decided item. Answers the new state.
 */
export async function withdrawReview(
  ctx: ServiceContext,
  tx: Db,
  item: ReviewItem,
  rules: ReviewRefusals,
): Promise<ReviewState> {
  const event: ReviewEvent = { type: 'WITHDRAW', by: me(ctx).userId }
  const to = requireAllowed(item, event, rules)
  await record(ctx, tx, item, event, to)
  return to
}

/**
 * An item's review as every detail screen shows it: its state, maker, and history — the
 * request itself (its maker and time, from the flow's row) and each step after it.
 */
export async function reviewView(
  ctx: ServiceContext,
  item: ReviewItem & { makerName: string; askedAt: Date },
): Promise<ReviewView> {
  const steps = await ctx.db
    .select()
    .from(reviewTransitions)
    .where(
      and(eq(reviewTransitions.subject, item.subject), eq(reviewTransitions.itemId, item.itemId)),
    )
    .orderBy(asc(reviewTransitions.id))
  return {
    state: item.state,
    makerName: item.makerName,
    makerIsYou: item.makerId === ctx.actor?.userId,
    history: [
      {
        event: 'SUBMIT',
        from: null,
        to: 'pending',
        actorName: item.makerName,
        reasonCode: null,
        note: '',
        at: iso(item.askedAt),
      },
      ...steps.map((s) => ({
        event: s.event as ReviewEventType,
        from: s.fromState as ReviewState,
        to: s.toState as ReviewState,
        actorName: s.actorName,
        reasonCode: s.reasonCode,
        note: s.note,
        at: iso(s.createdAt),
      })),
    ],
  }
}
