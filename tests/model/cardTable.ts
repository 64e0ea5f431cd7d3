/**
 * The card machine's table (src/machines/card.ts), written from SPEC §4 and docs/cards.md, not
 * from the machine: per status (and, for a cancellation request, where the card came from;
 * whether it has pending transactions; and whether it is past its expiry month), which events
 * it accepts, where each leads, and what the
 * card keeps (the reason code, who asked). Every event the table does not accept in a row is
 * refused there. The pure test (src/machines/card.test.ts) and the console walk
 * (tests/e2e/cardModel.spec.ts) both hold to it.
 */
import { except, on, type Accepted, type StateTable, type TableEvent } from './stateTable'

/** The person who asks for a cancellation, and a second person who reviews it. */
export const REQUESTER = 1
export const REVIEWER = 2

export const FREEZE = { type: 'FREEZE', reasonCode: 'R01' }
export const UNFREEZE = { type: 'UNFREEZE', reasonCode: 'R02' }
export const REQUEST_CANCEL = { type: 'REQUEST_CANCEL', reasonCode: 'C01', by: REQUESTER }
export const APPROVE = { type: 'APPROVE_CANCEL', by: REVIEWER }
export const SELF_APPROVE = { type: 'APPROVE_CANCEL', by: REQUESTER }
export const REJECT = { type: 'REJECT_CANCEL', reasonCode: 'N01', by: REVIEWER }
export const SELF_REJECT = { type: 'REJECT_CANCEL', reasonCode: 'N01', by: REQUESTER }
export const PENDING = { type: 'PENDING_TRANSACTIONS', count: 1 }
export const CLEARED = { type: 'PENDING_TRANSACTIONS', count: 0 }

export const UNIVERSE: TableEvent[] = [
  FREEZE,
  { type: 'FREEZE', reasonCode: ' ' },
  UNFREEZE,
  { type: 'UNFREEZE', reasonCode: '' },
  REQUEST_CANCEL,
  { type: 'REQUEST_CANCEL', reasonCode: '', by: REQUESTER },
  SELF_APPROVE,
  APPROVE,
  REJECT,
  SELF_REJECT,
  { type: 'REJECT_CANCEL', reasonCode: ' ', by: REVIEWER },
  { type: 'TOP_UP' },
  { type: 'WITHDRAW' },
  { type: 'UPDATE_LIMIT' },
  { type: 'RETRY_CREATE' },
  { type: 'CHANNEL_CREATED' },
  { type: 'CHANNEL_PENDING' },
  { type: 'CHANNEL_FAILED' },
  { type: 'CHANNEL_SYSTEM_ERROR' },
  { type: 'CHANNEL_BLOCKED' },
  { type: 'CHANNEL_CANCELLED' },
  PENDING,
  CLEARED,
]

/**
 * The table's key of a card: its status, where a request came from, pending transactions, and
 * past its expiry month (`+expired`; absent from the e2e walk, whose cards are all in date).
 */
export function cardTableKey(
  status: string,
  c: { pendingTransactions: number; beforeCancel: string | null; expired?: boolean },
): string {
  const from = status === 'cancelRequested' ? ` from ${c.beforeCancel}` : ''
  return `${status}${from}${c.pendingTransactions > 0 ? '+held' : ''}${c.expired ? '+expired' : ''}`
}

const CLOSED = { requestedBy: null, beforeCancel: null }

/**
 * What a card in `base` accepts besides the pending-transaction count (which any card takes).
 * Nothing changes whether a card is past its month: `x` keeps that part of the key.
 */
function own(base: string, pending: boolean, expired: boolean): Accepted[] {
  const x = (key: string) => `${key}${expired ? '+expired' : ''}`
  const p = (key: string) => x(`${key}${pending ? '+held' : ''}`)
  switch (base) {
    case 'creating':
      return [
        on({ type: 'CHANNEL_CREATED' }, p('active')),
        on({ type: 'CHANNEL_PENDING' }, p('pending')),
        on({ type: 'CHANNEL_FAILED' }, p('failed')),
        on({ type: 'CHANNEL_SYSTEM_ERROR' }, p('systemError')),
      ]
    case 'pending':
      return [
        on({ type: 'CHANNEL_CREATED' }, p('active')),
        on({ type: 'CHANNEL_FAILED' }, p('failed')),
        on({ type: 'CHANNEL_SYSTEM_ERROR' }, p('systemError')),
      ]
    case 'systemError':
      // A late answer may still land; the creation may be tried again.
      return [
        on({ type: 'RETRY_CREATE' }, p('creating')),
        on({ type: 'CHANNEL_CREATED' }, p('active')),
        on({ type: 'CHANNEL_FAILED' }, p('failed')),
      ]
    case 'active':
      return [
        // Past its month a card only gives its money back: withdraw (and cancel, below).
        ...(expired
          ? []
          : [
              on({ type: 'TOP_UP' }, p('active')),
              on({ type: 'UPDATE_LIMIT' }, p('active')),
              on(FREEZE, p('blocked'), { context: { reasonCode: 'R01' } }),
            ]),
        on({ type: 'WITHDRAW' }, p('active')),
        on({ type: 'CHANNEL_BLOCKED' }, p('blocked')),
        on({ type: 'CHANNEL_CANCELLED' }, p('cancelled')),
        // Spec §4: never while pending transactions exist.
        ...(pending
          ? []
          : [
              on(REQUEST_CANCEL, x('cancelRequested from active'), {
                context: { reasonCode: 'C01', requestedBy: REQUESTER, beforeCancel: 'active' },
              }),
            ]),
      ]
    case 'blocked':
      return [
        ...(expired ? [] : [on(UNFREEZE, p('active'), { context: { reasonCode: 'R02' } })]),
        on({ type: 'CHANNEL_CANCELLED' }, p('cancelled')),
        ...(pending
          ? []
          : [
              on(REQUEST_CANCEL, x('cancelRequested from blocked'), {
                context: { reasonCode: 'C01', requestedBy: REQUESTER, beforeCancel: 'blocked' },
              }),
            ]),
      ]
    case 'cancelRequested from active':
    case 'cancelRequested from blocked': {
      // Maker–checker: only a second person reviews; a rejection returns the card where it was.
      const back = base.endsWith('active') ? 'active' : 'blocked'
      return [
        ...(pending ? [] : [on(APPROVE, x('cancelled'), { context: CLOSED })]),
        on(REJECT, p(back), { context: { ...CLOSED, reasonCode: 'N01' } }),
        on({ type: 'CHANNEL_CANCELLED' }, p('cancelled'), { context: CLOSED }),
      ]
    }
    case 'failed':
    case 'cancelled':
      return []
  }
  throw new Error(`no row for ${base}`)
}

const BASES = [
  'creating',
  'pending',
  'systemError',
  'failed',
  'active',
  'blocked',
  'cancelRequested from active',
  'cancelRequested from blocked',
  'cancelled',
]

export const CARD_TABLE: StateTable = Object.fromEntries(
  BASES.flatMap((base) =>
    [false, true].flatMap((expired) =>
      [false, true].map((pending) => {
        const x = expired ? '+expired' : ''
        const key = `${base}${pending ? '+held' : ''}${x}`
        const accepts = [
          ...own(base, pending, expired),
          on(PENDING, `${base}+held${x}`, { context: { pendingTransactions: 1 } }),
          on(CLEARED, `${base}${x}`, { context: { pendingTransactions: 0 } }),
        ]
        return [key, { accepts, refuses: except(UNIVERSE, ...accepts.map((a) => a.event)) }]
      }),
    ),
  ),
)
