import type { ShortcutId } from '../../shell/shortcuts'

/**
 * One action of a list screen: a toolbar button, a palette entry and (optionally) a registry
 * shortcut, all from this one declaration.
 */
export interface ListAction<Row> {
  id: string
  /** Already translated. */
  label: string
  shortcut?: ShortcutId
  /**
   * 'one' and 'some' need rows: the ticked ones, or, when nothing is ticked and the keyboard is
   * on the table (a shortcut pressed on a row), the cursor row; without either, the spec's
   * "please Select Row". 'one' acts on the first of them.
   */
  needs?: 'none' | 'one' | 'some'
  /** The user lacks the button: the action is disabled and says "view only" when invoked. */
  denied?: boolean
  /** Ask before running (irreversible actions). */
  confirm?: {
    title: string
    description: (rows: Row[]) => string
    confirmLabel: string
  }
  /**
   * Rows this action cannot apply to (a built-in parameter cannot be deleted): the message
   * why, or undefined. Checked before the confirmation, so nothing is asked in vain.
   */
  refuses?: (row: Row) => string | undefined
  color?: 'red'
  run: (rows: Row[]) => void | Promise<unknown>
}

export type ActionCheck<R> =
  | { kind: 'ok'; rows: R[] }
  | { kind: 'denied' }
  | { kind: 'noSelection' }
  | { kind: 'refused'; message: string }

/**
 * Whether an action may run now, and on which rows: the ticked rows, else the cursor row
 * (passed only when the keyboard is on the table), for actions that need rows. Refusals come
 * before any confirmation.
 */
export function checkAction<R>(
  action: ListAction<R>,
  selected: R[],
  cursorRow?: R,
): ActionCheck<R> {
  if (action.denied) return { kind: 'denied' }
  if (action.needs !== 'one' && action.needs !== 'some') return { kind: 'ok', rows: [] }
  const chosen = selected.length > 0 ? selected : cursorRow !== undefined ? [cursorRow] : []
  if (chosen.length === 0) return { kind: 'noSelection' }
  const rows = action.needs === 'one' ? chosen.slice(0, 1) : chosen
  for (const row of rows) {
    const message = action.refuses?.(row)
    if (message) return { kind: 'refused', message }
  }
  return { kind: 'ok', rows }
}
