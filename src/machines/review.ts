/**
 * A maker–checker review (DESIGN §5, §6): one machine for every item a second person decides —
 * deposits, withdrawals, adjustments, card balance updates, card cancellations. The server's
 * review service (server/reviews/service.ts) asks it before it writes a decision and refuses
 * what it refuses; the console's review panel (src/components/review) asks `can()` which
 * buttons to show. Pure and isomorphic: no I/O, no timers, no React.
 *
 * pending → approved | rejected (by someone who is not the maker; a rejection says why with a
 * reason code) | withdrawn (by the maker alone). The three ends take nothing more: a decision
 * is taken once (the claim in server/reviews/claim.ts makes that hold under concurrency too).
 */
import { and, assign, setup, transition, type SnapshotFrom } from 'xstate'

export const REVIEW_STATES = ['pending', 'approved', 'rejected', 'withdrawn'] as const
export type ReviewState = (typeof REVIEW_STATES)[number]

export interface ReviewContext {
  /** Who asked: never the one who decides (maker ≠ checker), the only one who may withdraw. */
  makerId: number
  /** Who decided or withdrew, once someone did. */
  decidedBy: number | null
  /** The decision's reason code and note (a withdrawal carries none). */
  reasonCode: string | null
  note: string
}

export type ReviewEvent =
  | { type: 'APPROVE'; by: number; reasonCode?: string; note?: string }
  | { type: 'REJECT'; by: number; reasonCode: string; note?: string }
  | { type: 'WITHDRAW'; by: number }

export type ReviewEventType = ReviewEvent['type']

export interface ReviewInput {
  makerId: number
  decidedBy?: number | null
  reasonCode?: string | null
  note?: string
}

const hasText = (v: unknown) => typeof v === 'string' && v.trim() !== ''

export const reviewMachine = setup({
  types: {} as { context: ReviewContext; events: ReviewEvent; input: ReviewInput },
  guards: {
    /** The one who decides is not the one who asked. */
    notMaker: ({ context, event }) => event.by !== context.makerId,
    /** Only the one who asked takes the request back. */
    isMaker: ({ context, event }) => event.by === context.makerId,
    /** A rejection says why. */
    hasReason: ({ event }) => hasText((event as { reasonCode?: unknown }).reasonCode),
  },
  actions: {
    recordDecision: assign({
      decidedBy: ({ event }) => event.by,
      reasonCode: ({ event }) => {
        const code = (event as { reasonCode?: string }).reasonCode
        return hasText(code) ? code! : null
      },
      note: ({ event }) => (event as { note?: string }).note ?? '',
    }),
  },
}).createMachine({
  id: 'review',
  initial: 'pending',
  context: ({ input }) => ({
    makerId: input.makerId,
    decidedBy: input.decidedBy ?? null,
    reasonCode: input.reasonCode ?? null,
    note: input.note ?? '',
  }),
  states: {
    /** Waiting for a second person. */
    pending: {
      on: {
        APPROVE: { guard: 'notMaker', target: 'approved', actions: 'recordDecision' },
        REJECT: {
          guard: and(['notMaker', 'hasReason']),
          target: 'rejected',
          actions: 'recordDecision',
        },
        WITHDRAW: { guard: 'isMaker', target: 'withdrawn', actions: 'recordDecision' },
      },
    },
    approved: { type: 'final' },
    rejected: { type: 'final' },
    withdrawn: { type: 'final' },
  },
})

type ReviewSnapshot = SnapshotFrom<typeof reviewMachine>

/** The snapshot of a stored item: its review state and who asked. */
export function reviewSnapshot(state: ReviewState, input: ReviewInput): ReviewSnapshot {
  return reviewMachine.resolveState({
    value: state,
    context: {
      makerId: input.makerId,
      decidedBy: input.decidedBy ?? null,
      reasonCode: input.reasonCode ?? null,
      note: input.note ?? '',
    },
  })
}

/**
 * The state a stored item moves to on `event`, or null when the machine refuses it. The server
 * stores what this returns.
 */
export function nextReviewState(
  state: ReviewState,
  input: ReviewInput,
  event: ReviewEvent,
): { state: ReviewState; context: ReviewContext } | null {
  const snapshot = reviewSnapshot(state, input)
  if (!snapshot.can(event)) return null
  const [next] = transition(reviewMachine, snapshot, event)
  return { state: next.value as ReviewState, context: next.context }
}

/**
 * What `by` may do to an item now: the buttons the console shows (a rejection is offered when
 * it would be allowed with a reason, which the form then asks for).
 */
export function reviewChoices(
  state: ReviewState,
  input: ReviewInput,
  by: number,
): Record<'approve' | 'reject' | 'withdraw', boolean> {
  const s = reviewSnapshot(state, input)
  return {
    approve: s.can({ type: 'APPROVE', by }),
    reject: s.can({ type: 'REJECT', by, reasonCode: 'any' }),
    withdraw: s.can({ type: 'WITHDRAW', by }),
  }
}
