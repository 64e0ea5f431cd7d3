/**
 * The review machine's table (src/machines/review.ts), written from DESIGN §5–§6 and SPEC §4,
 * not from the machine: maker–checker (whoever asked never decides; only they withdraw), a
 * rejection says why, and a decided item takes nothing more. Every event a row does not
 * accept is refused there. The pure test (src/machines/review.test.ts) holds the machine to it.
 */
import { except, on, type StateRow, type StateTable, type TableEvent } from './stateTable'

/** The person who asked, and a second person who reviews. */
export const MAKER = 1
export const CHECKER = 2

export const APPROVE = { type: 'APPROVE', by: CHECKER, reasonCode: 'verified', note: 'ok' }
export const APPROVE_NO_REASON = { type: 'APPROVE', by: CHECKER }
export const SELF_APPROVE = { type: 'APPROVE', by: MAKER, reasonCode: 'verified' }
export const REJECT = { type: 'REJECT', by: CHECKER, reasonCode: 'mismatch', note: 'no wire' }
export const REJECT_NO_REASON = { type: 'REJECT', by: CHECKER, reasonCode: ' ' }
export const SELF_REJECT = { type: 'REJECT', by: MAKER, reasonCode: 'mismatch' }
export const WITHDRAW = { type: 'WITHDRAW', by: MAKER }
export const OTHERS_WITHDRAW = { type: 'WITHDRAW', by: CHECKER }

export const UNIVERSE: TableEvent[] = [
  APPROVE,
  APPROVE_NO_REASON,
  SELF_APPROVE,
  REJECT,
  REJECT_NO_REASON,
  SELF_REJECT,
  WITHDRAW,
  OTHERS_WITHDRAW,
]

const row = (...accepts: ReturnType<typeof on>[]): StateRow => ({
  accepts,
  refuses: except(UNIVERSE, ...accepts.map((a) => a.event)),
})

export const REVIEW_TABLE: StateTable = {
  pending: row(
    on(APPROVE, 'approved', {
      context: { decidedBy: CHECKER, reasonCode: 'verified', note: 'ok' },
    }),
    on(APPROVE_NO_REASON, 'approved', {
      context: { decidedBy: CHECKER, reasonCode: null, note: '' },
    }),
    on(REJECT, 'rejected', {
      context: { decidedBy: CHECKER, reasonCode: 'mismatch', note: 'no wire' },
    }),
    on(WITHDRAW, 'withdrawn', { context: { decidedBy: MAKER, reasonCode: null } }),
  ),
  approved: row(),
  rejected: row(),
  withdrawn: row(),
}
