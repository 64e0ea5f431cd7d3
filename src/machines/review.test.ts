import { describe, expect, it } from 'vitest'
import { type SnapshotFrom } from 'xstate'
import { createTestModel } from 'xstate/graph'
import { checkPathsAgainstTable, type TableCheck } from '../../tests/model/checkStateTable'
import { CHECKER, MAKER, REVIEW_TABLE, UNIVERSE } from '../../tests/model/reviewTable'
import {
  nextReviewState,
  reviewChoices,
  reviewMachine,
  type ReviewEvent,
  type ReviewState,
} from './review'

type Snapshot = SnapshotFrom<typeof reviewMachine>

/**
 * The review machine against its hand-written table (tests/model/reviewTable.ts): every state
 * the model reaches is held to its row — through the snapshot (what the console's review panel
 * asks) and through `nextReviewState` / `reviewChoices` from a stored state (what the server's
 * review service asks before it writes).
 */

const EVENTS = UNIVERSE as ReviewEvent[]
const model = createTestModel(reviewMachine, {
  events: EVENTS as never,
  input: { makerId: MAKER },
})
const keyOf = (s: Snapshot) => String(s.value)
const table: TableCheck<typeof reviewMachine> = {
  machine: reviewMachine,
  table: REVIEW_TABLE,
  keyOf,
  universe: UNIVERSE,
  effects: [],
}
const paths = model.getShortestPaths({ allowDuplicatePaths: true }) as unknown as {
  state: Snapshot
  steps: { event: ReviewEvent }[]
}[]

describe('review machine against its table (createTestModel)', () => {
  it('every state reached is held to its row, and every row is reached', () => {
    checkPathsAgainstTable(table, paths)
  })

  it('the server helper answers each row from the stored state alike', () => {
    for (const { state } of paths) {
      const row = REVIEW_TABLE[keyOf(state)]
      for (const ev of EVENTS) {
        const at = `${keyOf(state)} ${JSON.stringify(ev)}`
        const accepted = row.accepts.find((a) => JSON.stringify(a.event) === JSON.stringify(ev))
        const next = nextReviewState(state.value as ReviewState, state.context, ev)
        expect(next?.state ?? null, at).toBe(accepted?.to ?? null)
      }
    }
  })

  it("the console's choices: a checker approves or rejects, the maker only withdraws", () => {
    expect(reviewChoices('pending', { makerId: MAKER }, CHECKER)).toEqual({
      approve: true,
      reject: true,
      withdraw: false,
    })
    expect(reviewChoices('pending', { makerId: MAKER }, MAKER)).toEqual({
      approve: false,
      reject: false,
      withdraw: true,
    })
    for (const done of ['approved', 'rejected', 'withdrawn'] as const) {
      expect(reviewChoices(done, { makerId: MAKER }, CHECKER)).toEqual({
        approve: false,
        reject: false,
        withdraw: false,
      })
    }
  })

  it('every path through the machine is walked (a small space)', () => {
    expect(paths.length).toBeGreaterThanOrEqual(4)
  })
})
