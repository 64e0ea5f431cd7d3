/**
 * The hand-written expectations of a machine, state by state (DESIGN §9): which events `can()`
 * must accept there, the state each leads to (with the context and the side effects that must
 * follow), and which events it must refuse. Tables are plain data written from the spec, never
 * read off the machine, so the pure tests (`checkStateTable.ts`, Vitest) and the end-to-end
 * walks (tests/e2e/*Model.spec.ts, Playwright) hold the machine and the screen to the same rows.
 *
 * A removed transition fails (an event the row accepts is refused), an added one fails (an
 * event the row refuses is accepted), a broken guard or target fails (the wrong state), and a
 * dropped action fails (the wrong context, or a missing effect).
 */

/** An event of a table: its type and whatever it carries. */
export type TableEvent = { type: string } & Record<string, unknown>

export interface Accepted {
  event: TableEvent
  /** The table key of the state the event must lead to. */
  to: string
  /** Context fields that must hold after the event (only those named). */
  context?: Record<string, unknown>
  /** The console's side effects the event must ask for, in order (none when omitted). */
  effects?: readonly string[]
}

export interface StateRow {
  accepts: readonly Accepted[]
  refuses: readonly TableEvent[]
}

export type StateTable = Record<string, StateRow>

export const label = (e: TableEvent) => JSON.stringify(e)

/** Shorthand for a row entry: `on(event, 'to', { context, effects })`. */
export const on = (event: TableEvent, to: string, more: Omit<Accepted, 'event' | 'to'> = {}) => ({
  event,
  to,
  ...more,
})

/** The events of `universe` a row does not accept: what it refuses, spelled out by the table. */
export const except = (universe: readonly TableEvent[], ...accepted: TableEvent[]) =>
  universe.filter((e) => !accepted.some((a) => label(a) === label(e)))

/** Whether the row accepts an event (for the end-to-end walks, which compare buttons with it). */
export const accepts = (row: StateRow, event: TableEvent) =>
  row.accepts.some((a) => label(a.event) === label(event))
