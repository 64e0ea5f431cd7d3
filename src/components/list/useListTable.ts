import {
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
} from '@tanstack/react-table'
import { useMemo } from 'react'
import type { Column } from './ListTable'
import type { ColumnSetupState } from './useColumnSetup'
import type { ListState } from './useList'

/** The id of the checkbox column; never hidden, moved or resized. */
export const SELECT_COLUMN = '__select'

/**
 * The TanStack Table instance of a list screen, in manual mode: the server pages, sorts and
 * filters (the URL holds those), the table holds the row model, the selection (the list's
 * state, controlled) and the user's column order, visibility and widths (the column setup).
 */
export function useListTable<Row>(
  list: ListState<Row>,
  columns: Column<Row>[],
  setup: ColumnSetupState,
) {
  const defs = useMemo<ColumnDef<Row>[]>(
    () => [
      { id: SELECT_COLUMN, enableHiding: false, enableSorting: false, enableResizing: false },
      ...columns.map((c): ColumnDef<Row> => ({
        id: c.id,
        header: c.label,
        cell: ({ row }) => c.render(row.original),
        enableSorting: !!c.sortField,
        enableHiding: c.hideable !== false,
        ...(c.width ? { size: c.width } : {}),
      })),
    ],
    [columns],
  )

  const sorting = useMemo<SortingState>(() => {
    const on = columns.find((c) => c.sortField && c.sortField === list.sort)
    return on ? [{ id: on.id, desc: list.order === 'desc' }] : []
  }, [columns, list.sort, list.order])

  const state = useMemo(
    () => ({
      columnOrder: [SELECT_COLUMN, ...setup.setup.map((c) => c.id)],
      columnVisibility: Object.fromEntries(setup.setup.map((c) => [c.id, c.visible])),
      columnSizing: Object.fromEntries(
        setup.setup.filter((c) => c.width !== undefined).map((c) => [c.id, c.width!]),
      ),
    }),
    [setup.setup],
  )

  return useReactTable<Row>({
    data: list.rows,
    columns: defs,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(list.rowId(row)),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    rowCount: list.total,
    enableRowSelection: true,
    state: { ...state, sorting, rowSelection: list.rowSelection },
    onRowSelectionChange: list.setRowSelection,
  })
}

export type ListTableInstance<Row> = ReturnType<typeof useListTable<Row>>
