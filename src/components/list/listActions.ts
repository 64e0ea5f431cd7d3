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
   * 'one' and 'some' need selected rows: without any, the spec's "please Select Row".
   * 'one' acts on the first selected row.
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
  color?: 'red'
  run: (rows: Row[]) => void | Promise<unknown>
}

export type ActionCheck = 'ok' | 'denied' | 'noSelection'

/** Whether an action may run now with these selected rows. */
export function checkAction<Row>(action: ListAction<Row>, selected: Row[]): ActionCheck {
  if (action.denied) return 'denied'
  if ((action.needs === 'one' || action.needs === 'some') && selected.length === 0) {
    return 'noSelection'
  }
  return 'ok'
}

/** The rows an action receives. */
export function actionRows<Row>(action: ListAction<Row>, selected: Row[]): Row[] {
  if (action.needs === 'one') return selected.slice(0, 1)
  if (action.needs === 'some') return selected
  return []
}
