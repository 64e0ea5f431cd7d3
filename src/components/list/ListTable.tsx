import { Checkbox, Flex, Table, Text } from '@radix-ui/themes'
import { useEffect, useRef, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { ListState } from './useList'
import './list.css'

export interface Column<Row> {
  id: string
  /** Already translated. */
  label: string
  render: (row: Row) => ReactNode
  /** The server's sort field, when the column can be sorted. */
  sortField?: string
  /** False for columns that identify the row and must stay (column setup cannot hide them). */
  hideable?: boolean
  width?: string
}

interface Props<Row> {
  list: ListState<Row>
  columns: Column<Row>[]
  /** Names the table for assistive technology. */
  caption: string
  /** Names a row's checkbox ("Select CODE"). */
  rowLabel: (row: Row) => string
  /** Enter on a row, or a double click. */
  onOpen?: (row: Row) => void
  loading?: boolean
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const

/**
 * The table of the list pattern: sortable headers (aria-sort), a checkbox per row and one for
 * the page, and a roving current row the keyboard moves (the list shortcuts) that Enter opens.
 */
export function ListTable<Row>({ list, columns, caption, rowLabel, onOpen, loading }: Props<Row>) {
  const { t } = useTranslation()
  const body = useRef<HTMLTableSectionElement>(null)
  const shown = columns.filter((c) => c.hideable === false || !list.columns.hidden.has(c.id))

  const focusActive = () =>
    body.current?.querySelector<HTMLElement>(`[data-row-index="${list.active}"]`)?.focus()
  useEffect(() => {
    if (list.focusTick > 0) focusActive()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list.focusTick, list.active])

  // New rows replace the focused one (the answer to a filter or a page arrives): keep the
  // keyboard on the current row instead of dropping focus to the page.
  const rowHadFocus = useRef(false)
  useEffect(() => {
    const lost = !document.activeElement || document.activeElement === document.body
    if (rowHadFocus.current && lost) focusActive()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list.rows])

  const header = (c: Column<Row>) => {
    if (!c.sortField) return c.label
    const on = list.sort === c.sortField
    const order = on ? (list.order ?? 'asc') : undefined
    return (
      <button
        type="button"
        className="vcc-sort-button"
        onClick={() => list.toggleSort(c.sortField!)}
        aria-label={t('common:list.sortBy', { column: c.label })}
      >
        {c.label}
        <span aria-hidden>{order === 'asc' ? ' ▲' : order === 'desc' ? ' ▼' : ' ↕'}</span>
      </button>
    )
  }

  return (
    <Table.Root variant="surface" size="1" aria-busy={loading} data-testid="list-table">
      <caption className="vcc-visually-hidden">{caption}</caption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell width="40px">
            <Checkbox
              checked={list.allSelected ? true : list.selected.size > 0 ? 'indeterminate' : false}
              onCheckedChange={list.toggleAll}
              aria-label={t('common:list.selectPage')}
              disabled={list.rows.length === 0}
            />
          </Table.ColumnHeaderCell>
          {shown.map((c) => (
            <Table.ColumnHeaderCell
              key={c.id}
              width={c.width}
              aria-sort={
                c.sortField
                  ? list.sort === c.sortField
                    ? ARIA_SORT[list.order ?? 'asc']
                    : 'none'
                  : undefined
              }
            >
              {header(c)}
            </Table.ColumnHeaderCell>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body
        ref={body}
        onFocus={() => (rowHadFocus.current = true)}
        onBlur={(e) => {
          const next = e.relatedTarget as Node | null
          if (next && !e.currentTarget.contains(next)) rowHadFocus.current = false
        }}
      >
        {list.rows.length === 0 ? (
          <Table.Row>
            <Table.Cell colSpan={shown.length + 1}>
              <Flex justify="center" py="4">
                <Text color="gray">{loading ? t('common:loading') : t('common:list.empty')}</Text>
              </Flex>
            </Table.Cell>
          </Table.Row>
        ) : (
          list.rows.map((row, i) => {
            const id = list.rowId(row)
            const isSelected = list.selected.has(id)
            const isActive = i === list.active
            return (
              <Table.Row
                key={id}
                data-row-index={i}
                data-active={isActive || undefined}
                data-selected={isSelected || undefined}
                aria-selected={isSelected}
                tabIndex={isActive ? 0 : -1}
                className="vcc-list-row"
                onFocus={() => list.setActive(i)}
                onDoubleClick={() => onOpen?.(row)}
                onKeyDown={(e) => {
                  // Space on the current row ticks it, like the checkbox it stands for.
                  if (e.key === ' ' && e.target === e.currentTarget) {
                    e.preventDefault()
                    list.toggle(id)
                  }
                }}
              >
                <Table.Cell>
                  <Checkbox
                    checked={isSelected}
                    onCheckedChange={() => list.toggle(id)}
                    aria-label={t('common:list.selectRow', { row: rowLabel(row) })}
                    tabIndex={-1}
                  />
                </Table.Cell>
                {shown.map((c) => (
                  <Table.Cell key={c.id}>{c.render(row)}</Table.Cell>
                ))}
              </Table.Row>
            )
          })
        )}
      </Table.Body>
    </Table.Root>
  )
}
