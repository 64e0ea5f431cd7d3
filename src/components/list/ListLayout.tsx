import { Box, Button, Callout, Flex, Heading, Text } from '@radix-ui/themes'
import { useMemo, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from '../feedback/toast'
import { ViewOnlyNotice } from '../permissions/ViewOnlyNotice'
import { useScreenActions, type ScreenAction } from '../../shell/screenActions'
import { shortcutById } from '../../shell/shortcuts'
import { ColumnSetup } from './ColumnSetup'
import { ConfirmDialog } from './ConfirmDialog'
import { FilterBar, type FilterField } from './FilterBar'
import { checkAction, type ListAction } from './listActions'
import { ListTable, type Column } from './ListTable'
import { Pagination } from './Pagination'
import { useColumnSetup } from './useColumnSetup'
import type { ListState } from './useList'
import { useListShortcuts } from './useListShortcuts'
import { SELECT_COLUMN, useListTable } from './useListTable'

interface Props<Row> {
  list: ListState<Row>
  title: string
  actions: ListAction<Row>[]
  filters: FilterField[]
  columns: Column<Row>[]
  rowLabel: (row: Row) => string
  /** Enter on the current row (listOpen). */
  onOpen?: (row: Row) => void
  loading?: boolean
  /** The list call failed: its message. */
  error?: string | null
  viewOnly?: boolean
  /** Above the filters: e.g. the parent record the list belongs to. */
  header?: ReactNode
  /**
   * What the table says instead of rows when the list cannot show any yet (e.g. "choose a
   * dictionary"); otherwise the layout says "no rows match, reset filters" or "add the first".
   */
  empty?: ReactNode
}

/**
 * The one list screen layout: title, view-only notice, actions, filters, column setup, the
 * table and paging; the list shortcuts and the palette entries come with it.
 */
export function ListLayout<Row>(p: Props<Row>) {
  const { t } = useTranslation()
  const { list } = p
  const { pageNum, pages } = list
  const [confirming, setConfirming] = useState<{ action: ListAction<Row>; rows: Row[] } | null>(
    null,
  )
  const [busy, setBusy] = useState(false)
  const setup = useColumnSetup(list.screen, p.columns)
  const table = useListTable(list, p.columns, setup)
  const scrollBox = () => document.querySelector<HTMLElement>('[data-testid="list-scroll"]')

  const execute = async (action: ListAction<Row>, rows: Row[]) => {
    setBusy(true)
    try {
      await action.run(rows)
    } catch (err) {
      toast.error(err instanceof Error ? err.message : t('common:failed'))
    } finally {
      setBusy(false)
      setConfirming(null)
    }
  }

  /** `onRow`: the key was pressed on a row, so the cursor row stands in for a selection. */
  const invoke = (action: ListAction<Row>, onRow = false) => {
    const check = checkAction(action, list.selectedRows, onRow ? list.activeRow : undefined)
    if (check.kind === 'denied') return void toast.error(t('errors:viewOnly'))
    if (check.kind === 'noSelection') return void toast.error(t('validation:selectRow'))
    if (check.kind === 'refused') return void toast.error(check.message)
    if (action.confirm) setConfirming({ action, rows: check.rows })
    else void execute(action, check.rows)
  }

  // The keyboard's current column (H / L) among the visible ones; S sorts by it.
  const visibleIds = table
    .getVisibleLeafColumns()
    .map((c) => c.id)
    .filter((id) => id !== SELECT_COLUMN)
  const stepColumn = (step: -1 | 1) => {
    const i = list.activeColumn ? visibleIds.indexOf(list.activeColumn) : -1
    const next = i < 0 ? 0 : Math.max(0, Math.min(visibleIds.length - 1, i + step))
    if (visibleIds[next]) list.setActiveColumn(visibleIds[next])
    list.moveActive(0)
  }
  const sortBy = (columnId: string | null) => {
    const c = p.columns.find((x) => x.id === columnId)
    if (!c) return void toast.error(t('list:noCurrentColumn'))
    if (!c.sortField) return void toast.error(t('list:notSortable', { column: c.label }))
    list.setActiveColumn(c.id)
    list.toggleSort(c.sortField)
  }
  /** Esc in the filters: back to the cursor row (or the table itself when it has none). */
  const leaveFilters = () => {
    if (list.rows.length > 0) list.moveActive(0)
    else scrollBox()?.focus()
  }

  useListShortcuts({
    list,
    actions: p.actions,
    invoke,
    onOpen: p.onOpen,
    stepColumn,
    sortBy,
    enabled: !confirming,
  })

  // The palette's entries change only when what they show changes (labels, permissions, the
  // selection count, the page): registering them re-renders the shell's palette.
  const latest = useRef({ actions: p.actions, invoke, list, sortBy })
  latest.current = { actions: p.actions, invoke, list, sortBy }
  const selectedCount = list.selectedRows.length
  const signature = JSON.stringify(p.actions.map((a) => [a.id, a.label, a.denied, a.needs]))
  const paletteActions = useMemo<ScreenAction[]>(() => {
    const run = (id: string) => () => {
      const a = latest.current.actions.find((x) => x.id === id)
      if (a) latest.current.invoke(a)
    }
    return [
      ...latest.current.actions.map((a) => ({
        id: `list.${a.id}`,
        label:
          a.needs && a.needs !== 'none' && selectedCount > 0
            ? t('common:list.onSelected', { action: a.label, count: selectedCount })
            : a.label,
        shortcut: a.shortcut,
        disabled: a.denied,
        run: run(a.id),
      })),
      {
        id: 'list.filter',
        label: t('common:list.focusFilter'),
        shortcut: 'listFilter',
        run: () => latest.current.list.filterRef.current?.focus(),
      },
      {
        id: 'list.nextPage',
        label: t('common:list.nextPage'),
        shortcut: 'listNextPage',
        disabled: pageNum >= pages,
        run: () => latest.current.list.setPage(pageNum + 1),
      },
      {
        id: 'list.prevPage',
        label: t('common:list.prevPage'),
        shortcut: 'listPrevPage',
        disabled: pageNum <= 1,
        run: () => latest.current.list.setPage(pageNum - 1),
      },
      {
        id: 'list.sort',
        label: t('shell:shortcut.listSort'),
        shortcut: 'listSort',
        run: () => latest.current.sortBy(latest.current.list.activeColumn),
      },
    ]
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `signature` stands for p.actions
  }, [signature, selectedCount, pageNum, pages, t])
  useScreenActions(paletteActions)

  const addAction = p.actions.find((a) => a.shortcut === 'listNew' && !a.denied)
  const currentColumn = p.columns.find((c) => c.id === list.activeColumn)

  return (
    <Flex direction="column" gap="4" p="4">
      <Flex align="center" justify="between" gap="3" wrap="wrap">
        <Heading as="h1" size="5">
          {p.title}
        </Heading>
        <Flex gap="2" wrap="wrap" role="toolbar" aria-label={t('common:list.actions')}>
          {p.actions.map((a) => {
            const key = a.shortcut ? shortcutById.get(a.shortcut) : undefined
            return (
              <Button
                key={a.id}
                size="2"
                variant={a.id === 'add' ? 'solid' : 'soft'}
                color={a.color}
                disabled={a.denied}
                aria-keyshortcuts={key?.display}
                // A button the role does not grant says so (it may have just been taken away).
                title={
                  a.denied
                    ? t('errors:notGranted', { action: a.label })
                    : key
                      ? `${a.label} (${key.display})`
                      : undefined
                }
                onClick={() => invoke(a)}
                data-action={a.id}
              >
                {a.label}
              </Button>
            )
          })}
        </Flex>
      </Flex>
      {p.viewOnly ? <ViewOnlyNotice /> : null}
      {p.header}
      <Flex align="end" justify="between" gap="3" wrap="wrap">
        <FilterBar list={list} fields={p.filters} onLeave={leaveFilters} />
        <ColumnSetup columns={p.columns} setup={setup} />
      </Flex>
      {p.error ? (
        <Callout.Root color="red" role="alert" size="1">
          <Callout.Text>{p.error}</Callout.Text>
        </Callout.Root>
      ) : null}
      <Box>
        <ListTable
          list={list}
          table={table}
          columns={p.columns}
          setup={setup}
          caption={p.title}
          rowLabel={p.rowLabel}
          onOpen={p.onOpen}
          loading={p.loading}
          empty={
            p.empty ?? (
              <EmptyState
                list={list}
                filters={p.filters}
                add={addAction && { label: addAction.label, run: () => invoke(addAction) }}
              />
            )
          }
        />
      </Box>
      <span className="vcc-visually-hidden" aria-live="polite">
        {currentColumn ? t('list:currentColumn', { column: currentColumn.label }) : ''}
      </span>
      <Pagination list={list} />
      <ConfirmDialog
        open={!!confirming}
        title={confirming?.action.confirm?.title ?? ''}
        description={confirming ? confirming.action.confirm!.description(confirming.rows) : ''}
        confirmLabel={confirming?.action.confirm?.confirmLabel ?? ''}
        busy={busy}
        onConfirm={() => confirming && void execute(confirming.action, confirming.rows)}
        onCancel={() => setConfirming(null)}
      />
    </Flex>
  )
}

/**
 * An empty page says what to do: filters that match nothing offer to reset them; a list with
 * no rows at all offers Add where the user may add.
 */
function EmptyState<Row>({
  list,
  filters,
  add,
}: {
  list: ListState<Row>
  filters: FilterField[]
  add?: { label: string; run: () => void }
}) {
  const { t } = useTranslation(['list', 'common'])
  const search = list.search as Record<string, unknown>
  const filtered = filters.some((f) => search[f.name] !== undefined)
  if (filtered) {
    return (
      <Flex direction="column" align="center" gap="2" data-testid="list-empty">
        <Text color="gray">{t('list:emptyFiltered')}</Text>
        <Button
          size="1"
          variant="soft"
          onClick={() =>
            list.applyFilters(Object.fromEntries(filters.map((f) => [f.name, undefined])))
          }
        >
          {t('list:resetFilters')}
        </Button>
      </Flex>
    )
  }
  return (
    <Flex direction="column" align="center" gap="2" data-testid="list-empty">
      <Text color="gray">
        {t('list:emptyNoRows')} {add ? t('list:emptyAddHint') : null}
      </Text>
      {add ? (
        <Button size="1" onClick={add.run}>
          {add.label}
        </Button>
      ) : null}
    </Flex>
  )
}
