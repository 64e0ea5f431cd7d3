import { Table } from '@radix-ui/themes'
import type { Column } from './ListTable'

interface Props<Row> {
  /** A list's columns (useFieldColumns): their labels and how each draws a row. */
  columns: Column<Row>[]
  rows: Row[]
  rowKey: (row: Row) => string | number
  /** Names the table for assistive technology. */
  label?: string
  /** The column that names each row: its cells are the rows' headers. */
  rowHeader?: string
  variant?: 'surface' | 'ghost'
}

/**
 * A few rows with a list's columns, as part of a page: no paging, filters, selection or column
 * setup (the bank accounts below the balances, a card's latest transactions).
 */
export function ColumnTable<Row>({ columns, rows, rowKey, label, rowHeader, variant }: Props<Row>) {
  return (
    <Table.Root size="1" variant={variant} aria-label={label} ref={keyboardScrollable(label)}>
      <Table.Header>
        <Table.Row>
          {columns.map((c) => (
            <Table.ColumnHeaderCell key={c.id}>{c.label}</Table.ColumnHeaderCell>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((r) => (
          <Table.Row key={rowKey(r)}>
            {columns.map((c) =>
              c.id === rowHeader ? (
                <Table.RowHeaderCell key={c.id}>{c.render(r)}</Table.RowHeaderCell>
              ) : (
                <Table.Cell key={c.id}>{c.render(r)}</Table.Cell>
              ),
            )}
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  )
}

/**
 * Radix Themes scrolls a wide table in a ScrollArea viewport of its own, which takes no props:
 * the keyboard reaches that region only when it is focusable (WCAG 2.1.1; axe's
 * scrollable-region-focusable found a card's transactions out of reach). It becomes a named
 * region with a tab stop, whose arrow keys scroll it.
 */
function keyboardScrollable(label: string | undefined) {
  return (root: HTMLDivElement | null) => {
    const viewport = root?.querySelector<HTMLElement>('[data-radix-scroll-area-viewport]')
    if (!viewport) return
    viewport.tabIndex = 0
    if (!label) return
    viewport.setAttribute('role', 'region')
    viewport.setAttribute('aria-label', label)
  }
}
