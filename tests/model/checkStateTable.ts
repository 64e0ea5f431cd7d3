/**
 * Vitest's side of the state tables (stateTable.ts): holds a machine's snapshots to their rows.
 */
import { expect } from 'vitest'
import { transition, type AnyStateMachine, type SnapshotFrom } from 'xstate'
import { label, type StateTable, type TableEvent } from './stateTable'

export interface TableCheck<M extends AnyStateMachine> {
  machine: M
  table: StateTable
  /** The table's key of a snapshot, written in the test (not a machine's guard). */
  keyOf: (s: SnapshotFrom<M>) => string
  /**
   * Every event the table speaks of: each row must list each one as accepted or refused, so no
   * event is forgotten in any state.
   */
  universe: readonly TableEvent[]
  /** Names of the actions that are side effects (the console's), compared with `effects`. */
  effects: readonly string[]
}

/** Holds one snapshot to its row of the table; answers the row's key. */
export function checkStateTable<M extends AnyStateMachine>(
  c: TableCheck<M>,
  snapshot: SnapshotFrom<M>,
  where = '',
): string {
  const key = c.keyOf(snapshot)
  const row = c.table[key]
  expect(row, `a row of the table for "${key}" ${where}`).toBeDefined()
  const listed = [...row.accepts.map((a) => a.event), ...row.refuses].map(label)
  expect(
    c.universe.map(label).filter((e) => !listed.includes(e)),
    `events the row "${key}" does not list`,
  ).toEqual([])
  const snap = snapshot as unknown as { can: (e: TableEvent) => boolean }
  for (const a of row.accepts) {
    const at = `at "${key}" on ${label(a.event)} ${where}`
    expect(snap.can(a.event), `can() accepts ${at}`).toBe(true)
    const [next, actions] = transition(c.machine, snapshot as never, a.event as never)
    expect(c.keyOf(next as SnapshotFrom<M>), `leads to, ${at}`).toBe(a.to)
    if (a.context) {
      expect((next as { context: object }).context, `context ${at}`).toMatchObject(a.context)
    }
    const effects = actions.map((x) => x.type).filter((t) => c.effects.includes(t))
    expect(effects, `effects ${at}`).toEqual(a.effects ?? [])
  }
  for (const event of row.refuses) {
    expect(snap.can(event), `can() refuses at "${key}" ${label(event)} ${where}`).toBe(false)
  }
  return key
}

/**
 * Holds the state every path reaches to its row, and checks that the paths reach every row: a
 * row no path reaches is a state the machine lost (or a table out of date).
 */
export function checkPathsAgainstTable<M extends AnyStateMachine>(
  c: TableCheck<M>,
  paths: readonly { state: unknown; steps: readonly { event: { type: string } }[] }[],
) {
  const reached = new Set<string>()
  for (const path of paths) {
    const where = `(after ${path.steps.map((s) => s.event.type).join(' → ')})`
    reached.add(checkStateTable(c, path.state as SnapshotFrom<M>, where))
  }
  expect([...reached].sort()).toEqual(Object.keys(c.table).sort())
}
