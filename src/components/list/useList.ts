import type { OnChangeFn, RowSelectionState } from '@tanstack/react-table'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { rememberListSearch, takeListFocus } from './lastSearch'
import {
  DEFAULT_PAGE_SIZE,
  nextSort,
  pageCount,
  type ListSearchBase,
  type PageSize,
  type SortOrder,
} from './listSearch'

export interface ListPage<Row> {
  list: Row[]
  total: number
}

/** A change to the URL's search params; `undefined` removes a param. */
export type SearchPatch = Record<string, unknown>

interface Options<Row, S extends ListSearchBase> {
  /** The screen's route name: keys the column setup and the last search. */
  screen: string
  search: S
  /** Writes the patch into the URL (the route's navigate). */
  setSearch: (patch: SearchPatch) => void
  data: ListPage<Row> | undefined
  rowId: (row: Row) => number
}

/**
 * The state of one list screen: the page, sort and filters come from the URL; the selection
 * (TanStack Table's row selection, keyed by row id) and the keyboard's current row live here.
 * Selection is of rows on the current page: it is cleared when the page, the sort or the
 * filters change.
 */
export function useList<Row, S extends ListSearchBase>({
  screen,
  search,
  setSearch,
  data,
  rowId,
}: Options<Row, S>) {
  const rows = useMemo(() => data?.list ?? [], [data])
  const total = data?.total ?? 0
  const pageNum = search.pageNum ?? 1
  const pageSize = (search.pageSize ?? DEFAULT_PAGE_SIZE) as PageSize
  const pages = pageCount(total, pageSize)

  const [rowSelection, setRowSelectionState] = useState<RowSelectionState>({})
  const setRowSelection: OnChangeFn<RowSelectionState> = setRowSelectionState
  const [active, setActive] = useState(0)
  // The keyboard's current column (H / L), which the sort key (S) sorts by.
  const [activeColumn, setActiveColumn] = useState<string | null>(null)
  // Bumped when the keyboard moves: the table then moves focus to the current row.
  // Back from a saved form: the list takes the keyboard at once (its cursor row).
  const [focusTick, setFocusTick] = useState(() => (takeListFocus(screen) ? 1 : 0))
  const filterRef = useRef<HTMLElement | null>(null)

  const searchKey = JSON.stringify(search)
  useEffect(() => {
    setRowSelectionState({})
    setActive(0)
    rememberListSearch(screen, JSON.parse(searchKey) as Record<string, unknown>)
  }, [searchKey, screen])

  // Deleting the last rows of the last page leaves it empty: step back to the new last page.
  useEffect(() => {
    if (data && rows.length === 0 && total > 0 && pageNum > pages) setSearch({ pageNum: pages })
  }, [data, rows.length, total, pageNum, pages, setSearch])

  // Rows went away under the cursor (a delete): the cursor moves to the new last row.
  useEffect(() => {
    if (active > 0 && active > rows.length - 1) setActive(Math.max(0, rows.length - 1))
  }, [active, rows.length])

  const setPage = useCallback(
    (n: number) => setSearch({ pageNum: n <= 1 ? undefined : Math.min(n, pages) }),
    [setSearch, pages],
  )
  const setPageSize = useCallback(
    (size: PageSize) =>
      setSearch({ pageSize: size === DEFAULT_PAGE_SIZE ? undefined : size, pageNum: undefined }),
    [setSearch],
  )
  const toggleSort = useCallback(
    (field: string) => setSearch({ ...nextSort(search, field), pageNum: undefined }),
    [setSearch, search],
  )
  const applyFilters = useCallback(
    (filters: Record<string, unknown>) => setSearch({ ...filters, pageNum: undefined }),
    [setSearch],
  )

  const toggle = useCallback((id: number) => {
    setRowSelectionState((prev) => {
      const { [String(id)]: was, ...rest } = prev
      return was ? rest : { ...prev, [String(id)]: true }
    })
  }, [])
  const selected = useMemo(
    () => new Set(rows.map(rowId).filter((id) => rowSelection[String(id)])),
    [rows, rowId, rowSelection],
  ) as ReadonlySet<number>
  const clearSelection = useCallback(() => setRowSelectionState({}), [])

  const moveActive = useCallback(
    (delta: number) => {
      if (rows.length === 0) return
      setActive((i) => Math.max(0, Math.min(rows.length - 1, i + delta)))
      setFocusTick((n) => n + 1)
    },
    [rows.length],
  )

  const activeRow: Row | undefined = rows[Math.min(active, rows.length - 1)]
  const selectedRows = rows.filter((r) => selected.has(rowId(r)))

  return {
    screen,
    rows,
    total,
    pageNum,
    pageSize,
    pages,
    sort: search.sort,
    order: search.order as SortOrder | undefined,
    search,
    setPage,
    setSearch,
    setPageSize,
    toggleSort,
    applyFilters,
    rowSelection,
    setRowSelection,
    selected,
    selectedRows,
    toggle,
    clearSelection,
    active,
    activeRow,
    setActive,
    moveActive,
    activeColumn,
    setActiveColumn,
    focusTick,
    filterRef,
    rowId,
  }
}

export type ListState<Row> = ReturnType<typeof useList<Row, ListSearchBase>>
