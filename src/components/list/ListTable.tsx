import { Checkbox } from '@radix-ui/themes'
import { flexRender, type Header } from '@tanstack/react-table'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useRef, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { setWidth } from './columnSetup'
import type { ColumnSetupState } from './useColumnSetup'
import type { ListState } from './useList'
import { SELECT_COLUMN, type ListTableInstance } from './useListTable'
import './list.css'

/** The narrowest a column gets before the table scrolls sideways (px). */
const MIN_COLUMN_WIDTH = 120
/** The checkbox column's width (px; list.css gives .vcc-select-cell the same). */
const SELECT_WIDTH = 44

export interface Column<Row> {
  id: string
  /** Already translated. */
  label: string
  render: (row: Row) => ReactNode
  /** The server's sort field, when the column can be sorted. */
  sortField?: string
  /** False for columns that identify the row and must stay (column setup cannot hide them). */
  hideable?: boolean
  /** Default width in pixels; without one the column takes its share of the free width. */
  width?: number
}

interface Props<Row> {
  list: ListState<Row>
  table: ListTableInstance<Row>
  columns: Column<Row>[]
  setup: ColumnSetupState
  /** Names the table for assistive technology. */
  caption: string
  /** Names a row's checkbox ("Select CODE"). */
  rowLabel: (row: Row) => string
  /** Enter on a row, or a double click. */
  onOpen?: (row: Row) => void
  loading?: boolean
  /** What an empty page shows (what to do next). */
  empty: ReactNode
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const
/** Pages larger than this render only the rows in view (page sizes 100 and 200). */
export const VIRTUALISE_ABOVE = 50
const ROW_HEIGHT = 37

/**
 * The table of the list pattern on TanStack Table: sortable headers (aria-sort), a checkbox
 * per row and one for the page, the user's column order and widths, a header that stays in
 * view, and a roving current row the keyboard moves (the list shortcuts) that Enter opens.
 * Large pages are virtualised: only the rows in view are in the DOM, and aria-rowcount /
 * aria-rowindex tell assistive technology where a row sits in the page.
 */
export function ListTable<Row>(p: Props<Row>) {
  const { list, table, setup } = p
  const { t } = useTranslation()
  const scroll = useRef<HTMLDivElement>(null)
  const body = useRef<HTMLTableSectionElement>(null)
  const rows = table.getRowModel().rows
  const virtual = rows.length > VIRTUALISE_ABOVE
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroll.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    enabled: virtual,
  })
  const byId = new Map(p.columns.map((c) => [c.id, c]))
  // The first data column (and the checkbox column before it) stays in place while the box
  // scrolls sideways, so a scrolled row still says which row it is.
  const leaves = table.getVisibleLeafColumns()
  const pinnedId = leaves.find((col) => col.id !== SELECT_COLUMN)?.id
  const pinnedLeft = leaves[0]?.id === SELECT_COLUMN ? SELECT_WIDTH : 0
  const widthOf = new Map(setup.setup.map((c) => [c.id, c.width]))

  const focusActive = () => {
    const el = body.current?.querySelector<HTMLElement>(`[data-row-index="${list.active}"]`)
    el?.focus()
    return !!el
  }
  // A row out of view is not in the DOM while the page is virtualised: scroll to it first
  // and focus it once it is rendered.
  const pendingFocus = useRef(false)
  useEffect(() => {
    if (list.focusTick === 0) return
    if (virtual) virtualizer.scrollToIndex(list.active, { align: 'auto' })
    pendingFocus.current = !focusActive()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list.focusTick, list.active])
  useEffect(() => {
    if (pendingFocus.current && focusActive()) pendingFocus.current = false
  })

  // New rows replace the focused one (the answer to a filter or a page arrives): keep the
  // keyboard on the current row instead of dropping focus to the page.
  const rowHadFocus = useRef(false)
  useEffect(() => {
    const lost = !document.activeElement || document.activeElement === document.body
    if (rowHadFocus.current && lost) focusActive()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list.rows])

  /** Dragging a header's right edge: the new width is saved when the pointer is let go. */
  const startResize = (e: ReactPointerEvent<HTMLElement>, id: string) => {
    e.preventDefault()
    const th = e.currentTarget.parentElement!
    const startX = e.clientX
    const startWidth = th.getBoundingClientRect().width
    const move = (ev: PointerEvent) => {
      th.style.width = `${Math.max(40, startWidth + ev.clientX - startX)}px`
    }
    const up = (ev: PointerEvent) => {
      window.removeEventListener('pointermove', move)
      window.removeEventListener('pointerup', up)
      setup.change((cur) => setWidth(cur, id, startWidth + ev.clientX - startX))
    }
    window.addEventListener('pointermove', move)
    window.addEventListener('pointerup', up)
  }

  const sortButton = (c: Column<Row>) => {
    const on = list.sort === c.sortField
    const order = on ? (list.order ?? 'asc') : undefined
    return (
      <button
        type="button"
        className="vcc-sort-button"
        onClick={() => list.toggleSort(c.sortField!)}
        onFocus={() => list.setActiveColumn(c.id)}
        aria-label={t('common:list.sortBy', { column: c.label })}
      >
        {c.label}
        <span aria-hidden>{order === 'asc' ? ' ▲' : order === 'desc' ? ' ▼' : ' ↕'}</span>
      </button>
    )
  }

  const headerCell = (h: Header<Row, unknown>) => {
    if (h.column.id === SELECT_COLUMN) {
      return (
        <th key={h.id} className="vcc-th vcc-select-cell vcc-pinned" scope="col">
          <Checkbox
            checked={
              table.getIsAllPageRowsSelected()
                ? true
                : table.getIsSomePageRowsSelected()
                  ? 'indeterminate'
                  : false
            }
            onCheckedChange={() => table.toggleAllPageRowsSelected()}
            aria-label={t('common:list.selectPage')}
            disabled={rows.length === 0}
          />
        </th>
      )
    }
    const c = byId.get(h.column.id)!
    const sorted = h.column.getIsSorted()
    const sized = widthOf.get(c.id) !== undefined || c.width !== undefined
    return (
      <th
        key={h.id}
        scope="col"
        className={c.id === pinnedId ? 'vcc-th vcc-pinned' : 'vcc-th'}
        data-column-id={c.id}
        data-current-column={list.activeColumn === c.id || undefined}
        style={{
          width: sized ? h.column.getSize() : undefined,
          left: c.id === pinnedId ? pinnedLeft : undefined,
        }}
        aria-sort={c.sortField ? (sorted ? ARIA_SORT[sorted] : 'none') : undefined}
      >
        {c.sortField ? sortButton(c) : c.label}
        {/* Mouse only; the Columns menu resizes by keyboard. */}
        <span
          className="vcc-resize-handle"
          aria-hidden
          onPointerDown={(e) => startResize(e, c.id)}
        />
      </th>
    )
  }

  const visibleCount = leaves.length
  // A fixed layout shares the box's width out; below this the box scrolls sideways instead of
  // squeezing columns to a letter (a narrow screen, many columns).
  const minWidth = leaves.reduce(
    (sum, col) =>
      sum +
      (col.id === SELECT_COLUMN
        ? SELECT_WIDTH
        : (widthOf.get(col.id) ?? byId.get(col.id)?.width ?? MIN_COLUMN_WIDTH)),
    0,
  )
  const items = virtual
    ? virtualizer.getVirtualItems()
    : rows.map((_, index) => ({ index, start: 0, end: 0 }))
  const padTop = virtual && items.length > 0 ? items[0].start : 0
  const padBottom =
    virtual && items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1].end : 0
  const spacer = (height: number, key: string) =>
    height > 0 ? (
      <tr key={key} aria-hidden className="vcc-spacer">
        <td colSpan={visibleCount} style={{ height }} />
      </tr>
    ) : null

  return (
    <div className="vcc-table-scroll" ref={scroll} tabIndex={-1} data-testid="list-scroll">
      <table
        className="vcc-table"
        style={{ minWidth }}
        aria-busy={p.loading}
        aria-rowcount={rows.length + 1}
        data-testid="list-table"
        data-virtual={virtual || undefined}
      >
        <caption className="vcc-visually-hidden">{p.caption}</caption>
        <thead>
          {table.getHeaderGroups().map((g) => (
            <tr key={g.id} aria-rowindex={1}>
              {g.headers.map(headerCell)}
            </tr>
          ))}
        </thead>
        <tbody
          ref={body}
          onFocus={() => (rowHadFocus.current = true)}
          onBlur={(e) => {
            const next = e.relatedTarget as Node | null
            if (next && !e.currentTarget.contains(next)) rowHadFocus.current = false
          }}
        >
          {rows.length === 0 ? (
            <tr>
              <td colSpan={visibleCount} className="vcc-empty-cell">
                {p.loading ? t('common:loading') : p.empty}
              </td>
            </tr>
          ) : (
            <>
              {spacer(padTop, 'top')}
              {items.map(({ index: i }) => {
                const row = rows[i]
                const isSelected = row.getIsSelected()
                const isActive = i === list.active
                return (
                  <tr
                    key={row.id}
                    ref={virtual ? virtualizer.measureElement : undefined}
                    data-index={i}
                    data-row-index={i}
                    aria-rowindex={i + 2}
                    data-active={isActive || undefined}
                    data-selected={isSelected || undefined}
                    aria-selected={isSelected}
                    tabIndex={isActive ? 0 : -1}
                    className="vcc-list-row"
                    onFocus={() => list.setActive(i)}
                    onDoubleClick={() => p.onOpen?.(row.original)}
                    onKeyDown={(e) => {
                      // Space on the current row ticks it, like the checkbox it stands for.
                      if (e.key === ' ' && e.target === e.currentTarget) {
                        e.preventDefault()
                        row.toggleSelected()
                      }
                    }}
                  >
                    {row.getVisibleCells().map((cell) =>
                      cell.column.id === SELECT_COLUMN ? (
                        <td key={cell.id} className="vcc-select-cell vcc-pinned">
                          <Checkbox
                            checked={isSelected}
                            onCheckedChange={() => row.toggleSelected()}
                            aria-label={t('common:list.selectRow', {
                              row: p.rowLabel(row.original),
                            })}
                            tabIndex={-1}
                          />
                        </td>
                      ) : (
                        <td
                          key={cell.id}
                          className={cell.column.id === pinnedId ? 'vcc-pinned' : undefined}
                          style={cell.column.id === pinnedId ? { left: pinnedLeft } : undefined}
                          data-current-column={
                            (isActive && list.activeColumn === cell.column.id) || undefined
                          }
                        >
                          {flexRender(cell.column.columnDef.cell, cell.getContext())}
                        </td>
                      ),
                    )}
                  </tr>
                )
              })}
              {spacer(padBottom, 'bottom')}
            </>
          )}
        </tbody>
      </table>
    </div>
  )
}
