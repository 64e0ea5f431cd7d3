/**
 * The card's life (spec §4, DESIGN §8): one machine both halves use. The server asks
 * `canCard(status, event, context)` before it acts and refuses what the machine refuses; the
 * console builds a snapshot of the card the same way and lets `snapshot.can()` enable each
 * button and palette action. Pure and isomorphic: no I/O, no timers, no React.
 *
 * States (docs/cards.md): the creation result the channel reports (creating → active | pending
 * | failed | systemError), then active ⇄ blocked (freeze / unfreeze with a reason code), a
 * cancellation request that a second person approves or rejects, and cancelled. A cancellation
 * is neither asked for nor approved while the card has pending transactions. A card past its
 * expiry month (`expired` in the context, read from the month by whoever asks; not a state)
 * takes only what gives its money back — withdraw and cancel —, no top-up, limit, freeze or
 * unfreeze.
 */
import { and, assign, not, setup, transition, type SnapshotFrom } from 'xstate'

export const CARD_STATUSES = [
  'creating',
  'pending',
  'systemError',
  'failed',
  'active',
  'blocked',
  'cancelRequested',
  'cancelled',
] as const
export type CardStatus = (typeof CARD_STATUSES)[number]

export interface CardContext {
  /** Authorisations not yet cleared or released: a cancellation waits for them. */
  pendingTransactions: number
  /** Reason code of the last freeze, unfreeze, cancellation request or rejection. */
  reasonCode: string | null
  /** Who asked for the cancellation: that person cannot approve or reject it (maker–checker). */
  requestedBy: number | null
  /** Where a rejected cancellation request returns to. */
  beforeCancel: 'active' | 'blocked' | null
  /**
   * Past its expiry month (src/lib/cardExpiry.ts `pastExpiry`, at the asker's clock): derived
   * from the card's expiry, never stored, so no event sets it — the server and the console put
   * it in from the month each time they ask.
   */
  expired: boolean
}

export type CardEvent =
  // People (buttons and palette actions)
  | { type: 'FREEZE'; reasonCode: string }
  | { type: 'UNFREEZE'; reasonCode: string }
  | { type: 'REQUEST_CANCEL'; reasonCode: string; by: number }
  | { type: 'APPROVE_CANCEL'; by: number }
  | { type: 'REJECT_CANCEL'; reasonCode: string; by: number }
  | { type: 'TOP_UP' }
  | { type: 'WITHDRAW' }
  | { type: 'UPDATE_LIMIT' }
  | { type: 'RETRY_CREATE' }
  // What the channel reports
  | { type: 'CHANNEL_CREATED' }
  | { type: 'CHANNEL_PENDING' }
  | { type: 'CHANNEL_FAILED' }
  | { type: 'CHANNEL_SYSTEM_ERROR' }
  | { type: 'CHANNEL_BLOCKED' }
  | { type: 'CHANNEL_CANCELLED' }
  // The card's pending transactions changed
  | { type: 'PENDING_TRANSACTIONS'; count: number }

export type CardInput = Partial<CardContext>

const hasReason = (reasonCode: unknown) =>
  typeof reasonCode === 'string' && reasonCode.trim() !== ''

export const cardMachine = setup({
  types: {} as { context: CardContext; events: CardEvent; input: CardInput },
  guards: {
    hasReason: ({ event }) => hasReason((event as { reasonCode?: unknown }).reasonCode),
    noPendingTransactions: ({ context }) => context.pendingTransactions === 0,
    /** The reviewer is not the person who asked. */
    notRequester: ({ context, event }) => (event as { by?: number }).by !== context.requestedBy,
    cameFromBlocked: ({ context }) => context.beforeCancel === 'blocked',
    /** Money in, limits and freezing are pointless on a card that authorises nothing more. */
    notExpired: ({ context }) => !context.expired,
  },
  actions: {
    keepReason: assign({ reasonCode: ({ event }) => (event as { reasonCode: string }).reasonCode }),
    recordRequest: assign({
      reasonCode: ({ event }) => (event as { reasonCode: string }).reasonCode,
      requestedBy: ({ event }) => (event as { by: number }).by,
    }),
    rememberActive: assign({ beforeCancel: 'active' as const }),
    rememberBlocked: assign({ beforeCancel: 'blocked' as const }),
    closeRequest: assign({ requestedBy: null, beforeCancel: null }),
    countPending: assign({
      pendingTransactions: ({ event }) => Math.max(0, (event as { count: number }).count | 0),
    }),
  },
}).createMachine({
  id: 'card',
  initial: 'creating',
  context: ({ input }) => ({
    pendingTransactions: input.pendingTransactions ?? 0,
    reasonCode: input.reasonCode ?? null,
    requestedBy: input.requestedBy ?? null,
    beforeCancel: input.beforeCancel ?? null,
    expired: input.expired ?? false,
  }),
  on: { PENDING_TRANSACTIONS: { actions: 'countPending' } },
  states: {
    /** Asked of the channel; its answer decides. */
    creating: {
      on: {
        CHANNEL_CREATED: 'active',
        CHANNEL_PENDING: 'pending',
        CHANNEL_FAILED: 'failed',
        CHANNEL_SYSTEM_ERROR: 'systemError',
      },
    },
    /** The channel has not decided yet. */
    pending: {
      on: {
        CHANNEL_CREATED: 'active',
        CHANNEL_FAILED: 'failed',
        CHANNEL_SYSTEM_ERROR: 'systemError',
      },
    },
    /** The channel could not answer: the creation may be tried again, or a late answer lands. */
    systemError: {
      on: {
        RETRY_CREATE: 'creating',
        CHANNEL_CREATED: 'active',
        CHANNEL_FAILED: 'failed',
      },
    },
    // Not `type: 'final'`: a stopped actor would ignore the pending-transaction count the card
    // still reports; no other event leaves these two states.
    failed: {},
    active: {
      on: {
        // Money and limit operations keep the card where it is; only an active card takes them,
        // and once expired only the withdrawal, which gives the money back.
        // (A target, not `{}`: `can()` answers false for a transition that does nothing.)
        TOP_UP: { guard: 'notExpired', target: 'active' },
        WITHDRAW: { target: 'active' },
        UPDATE_LIMIT: { guard: 'notExpired', target: 'active' },
        FREEZE: {
          guard: and(['hasReason', 'notExpired']),
          target: 'blocked',
          actions: 'keepReason',
        },
        REQUEST_CANCEL: {
          guard: and(['hasReason', 'noPendingTransactions']),
          target: 'cancelRequested',
          actions: ['recordRequest', 'rememberActive'],
        },
        CHANNEL_BLOCKED: 'blocked',
        CHANNEL_CANCELLED: 'cancelled',
      },
    },
    blocked: {
      on: {
        UNFREEZE: {
          guard: and(['hasReason', 'notExpired']),
          target: 'active',
          actions: 'keepReason',
        },
        REQUEST_CANCEL: {
          guard: and(['hasReason', 'noPendingTransactions']),
          target: 'cancelRequested',
          actions: ['recordRequest', 'rememberBlocked'],
        },
        CHANNEL_CANCELLED: 'cancelled',
      },
    },
    /** Waiting for a second person's review. */
    cancelRequested: {
      on: {
        APPROVE_CANCEL: {
          guard: and(['notRequester', 'noPendingTransactions']),
          target: 'cancelled',
          actions: 'closeRequest',
        },
        REJECT_CANCEL: [
          {
            guard: and(['notRequester', 'hasReason', 'cameFromBlocked']),
            target: 'blocked',
            actions: ['keepReason', 'closeRequest'],
          },
          {
            guard: and(['notRequester', 'hasReason', not('cameFromBlocked')]),
            target: 'active',
            actions: ['keepReason', 'closeRequest'],
          },
        ],
        CHANNEL_CANCELLED: { target: 'cancelled', actions: 'closeRequest' },
      },
    },
    cancelled: {},
  },
})

export type CardSnapshot = SnapshotFrom<typeof cardMachine>

/** The snapshot of a stored card: its status and what the machine's rules read. */
export function cardSnapshot(status: CardStatus, context: CardInput = {}): CardSnapshot {
  return cardMachine.resolveState({
    value: status,
    context: {
      pendingTransactions: context.pendingTransactions ?? 0,
      reasonCode: context.reasonCode ?? null,
      requestedBy: context.requestedBy ?? null,
      beforeCancel: context.beforeCancel ?? null,
      expired: context.expired ?? false,
    },
  })
}

/** Whether the machine allows `event` on a card in `status`: the server's check before it acts. */
export function canCard(status: CardStatus, event: CardEvent, context: CardInput = {}): boolean {
  return cardSnapshot(status, context).can(event)
}

/**
 * The status a card moves to on `event`, or null when the machine refuses it (the status
 * stays). The server stores what this returns.
 */
export function nextCardStatus(
  status: CardStatus,
  event: CardEvent,
  context: CardInput = {},
): { status: CardStatus; context: CardContext } | null {
  const snapshot = cardSnapshot(status, context)
  if (!snapshot.can(event)) return null
  const [next] = transition(cardMachine, snapshot, event)
  return { status: next.value as CardStatus, context: next.context }
}
