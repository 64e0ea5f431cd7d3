import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { rememberListSearch } from './lastSearch'
import { useColumnPrefs } from './useColumnPrefs'
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
  /** The screen's route name: keys the column setup. */
  screen: string
  search: S
  /** Writes the patch into the URL (the route's navigate). */
  setSearch: (patch: SearchPatch) => void
  data: ListPage<Row> | undefined
  rowId: (row: Row) => number
}

/**
 * The state of one list screen: the page, sort and filters come from the URL; the selection,
 * the keyboard's current row and the column setup live here. Selection is of rows on the
 * current page: it is cleared when the page, the sort or the filters change.
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

  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set())
  const [active, setActive] = useState(0)
  // Bumped when the keyboard moves: the table then moves focus to the current row.
  const [focusTick, setFocusTick] = useState(0)
  const filterRef = useRef<HTMLElement | null>(null)
  const columns = useColumnPrefs(screen)

  const searchKey = JSON.stringify(search)
  useEffect(() => {
    setSelected(new Set())
    setActive(0)
    rememberListSearch(screen, JSON.parse(searchKey) as Record<string, unknown>)
  }, [searchKey, screen])

  // Deleting the last rows of the last page leaves it empty: step back to the new last page.
  useEffect(() => {
    if (data && rows.length === 0 && total > 0 && pageNum > pages) setSearch({ pageNum: pages })
  }, [data, rows.length, total, pageNum, pages, setSearch])

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
    setSelected((prev) => {
      const next = new Set(prev)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })
  }, [])
  const allSelected = rows.length > 0 && rows.every((r) => selected.has(rowId(r)))
  const toggleAll = useCallback(() => {
    setSelected(allSelected ? new Set() : new Set(rows.map(rowId)))
  }, [allSelected, rows, rowId])
  const clearSelection = useCallback(() => setSelected(new Set()), [])

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
    setPageSize,
    toggleSort,
    applyFilters,
    selected,
    selectedRows,
    toggle,
    toggleAll,
    allSelected,
    clearSelection,
    active,
    activeRow,
    setActive,
    moveActive,
    focusTick,
    filterRef,
    columns,
    rowId,
  }
}

export type ListState<Row> = ReturnType<typeof useList<Row, ListSearchBase>>
