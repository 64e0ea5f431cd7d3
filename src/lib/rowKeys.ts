/**
 * The keyboard of an editable list of rows (fee tiers, DNS records): what a key pressed on a
 * row does, as a plain command the row list then carries out. Pure, so every rule is tested
 * without a browser.
 *
 * - Alt+ArrowUp / Alt+ArrowDown: move the row up or down (not past either end).
 * - Alt+Insert or Alt+N: add a row below this one.
 * - Alt+Delete or Alt+Backspace: remove the row (not below the list's minimum).
 */
export type RowCommand =
  | { kind: 'move'; from: number; to: number }
  | { kind: 'insert'; at: number }
  | { kind: 'remove'; at: number }

export interface RowKey {
  key: string
  altKey: boolean
  ctrlKey?: boolean
  metaKey?: boolean
  shiftKey?: boolean
}

export interface RowLimits {
  /** Rows now. */
  count: number
  /** Fewest rows the list keeps (default 0). */
  min?: number
  /** Most rows the list takes (default unlimited). */
  max?: number
}

export function rowCommand(e: RowKey, index: number, limits: RowLimits): RowCommand | null {
  if (!e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return null
  const { count, min = 0, max = Infinity } = limits
  switch (e.key) {
    case 'ArrowUp':
      return index > 0 ? { kind: 'move', from: index, to: index - 1 } : null
    case 'ArrowDown':
      return index < count - 1 ? { kind: 'move', from: index, to: index + 1 } : null
    case 'Insert':
    case 'n':
    case 'N':
      return count < max ? { kind: 'insert', at: index + 1 } : null
    case 'Delete':
    case 'Backspace':
      return count > min ? { kind: 'remove', at: index } : null
    default:
      return null
  }
}

/** The row that takes the focus once a command has run (none when the list is now empty). */
export function focusAfter(cmd: RowCommand, countAfter: number): number | null {
  if (countAfter === 0) return null
  switch (cmd.kind) {
    case 'move':
      return cmd.to
    case 'insert':
      return cmd.at
    case 'remove':
      return Math.min(cmd.at, countAfter - 1)
  }
}
