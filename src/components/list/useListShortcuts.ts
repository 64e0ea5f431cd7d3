import { useShortcut } from '../../shell/useShortcut'
import type { ShortcutId } from '../../shell/shortcuts'
import type { ListAction } from './listActions'
import type { ListState } from './useList'

interface Options<Row> {
  list: ListState<Row>
  actions: ListAction<Row>[]
  /** `onRow`: pressed on a row, so the cursor row acts when nothing is ticked. */
  invoke: (action: ListAction<Row>, onRow: boolean) => void
  onOpen?: (row: Row) => void
  /** H / L: the current column one to the left or right. */
  stepColumn: (step: -1 | 1) => void
  /** S: sort by this column (a focused header's, else the current column). */
  sortBy: (columnId: string | null) => void
  enabled: boolean
}

/** Keys typed inside these belong to them (a menu, a select's list, a dialog), not the list. */
const OWNED_BY_WIDGET = '[role="dialog"],[role="alertdialog"],[role="menu"],[role="listbox"]'

const onRow = (e: KeyboardEvent) => !!(e.target as Element | null)?.closest?.('[data-row-index]')

function ours(e: KeyboardEvent): boolean {
  const target = e.target as Element | null
  return !target?.closest?.(OWNED_BY_WIDGET)
}

/**
 * Binds the registry's list shortcuts (src/shell/shortcuts.ts) to a list screen: move, select,
 * open, new, edit, delete, focus the filter, next and previous page, current column, sort.
 */
export function useListShortcuts<Row>({
  list,
  actions,
  invoke,
  onOpen,
  stepColumn,
  sortBy,
  enabled,
}: Options<Row>) {
  const opts = { enabled }
  const guard = (run: (e: KeyboardEvent) => void) => (e: KeyboardEvent) => {
    if (ours(e)) run(e)
  }
  const action = (id: ShortcutId) =>
    guard((e) => {
      const a = actions.find((x) => x.shortcut === id)
      if (!a) return
      e.preventDefault()
      invoke(a, onRow(e))
    })

  // Away from the rows (after a page change, a form, the filters) the first key only brings
  // focus back to the current row, so it is never skipped.
  const step = (delta: number) => (e: KeyboardEvent) => list.moveActive(onRow(e) ? delta : 0)
  useShortcut('listDown', guard(step(1)), opts)
  useShortcut('listUp', guard(step(-1)), opts)
  useShortcut(
    'listSelect',
    guard(() => {
      if (!list.activeRow) return
      list.toggle(list.rowId(list.activeRow))
      list.moveActive(0)
    }),
    opts,
  )
  useShortcut(
    'listOpen',
    guard((e) => {
      // Enter on a button or link is that control's own; only a row (or nothing) opens.
      const target = e.target as HTMLElement | null
      const onNothing = !target || target === document.body
      if ((onRow(e) || onNothing) && list.activeRow && onOpen) {
        e.preventDefault()
        onOpen(list.activeRow)
      }
    }),
    opts,
  )
  useShortcut(
    'listFilter',
    guard((e) => {
      e.preventDefault()
      list.filterRef.current?.focus()
    }),
    opts,
  )
  useShortcut(
    'listNextPage',
    guard(() => {
      if (list.pageNum < list.pages) list.setPage(list.pageNum + 1)
    }),
    opts,
  )
  useShortcut(
    'listPrevPage',
    guard(() => {
      if (list.pageNum > 1) list.setPage(list.pageNum - 1)
    }),
    opts,
  )
  useShortcut(
    'listColumnLeft',
    guard(() => stepColumn(-1)),
    opts,
  )
  useShortcut(
    'listColumnRight',
    guard(() => stepColumn(1)),
    opts,
  )
  useShortcut(
    'listSort',
    guard((e) => {
      const header = (e.target as Element | null)?.closest?.('th[data-column-id]')
      sortBy(header?.getAttribute('data-column-id') ?? list.activeColumn)
    }),
    opts,
  )
  useShortcut('listNew', action('listNew'), opts)
  useShortcut('listEdit', action('listEdit'), opts)
  useShortcut('listDelete', action('listDelete'), opts)
}
