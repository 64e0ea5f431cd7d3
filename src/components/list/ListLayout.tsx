import { Box, Button, Callout, Flex, Heading } from '@radix-ui/themes'
import { useMemo, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from '../feedback/toast'
import { ViewOnlyNotice } from '../permissions/ViewOnlyNotice'
import { useScreenActions, type ScreenAction } from '../../shell/screenActions'
import { shortcutById } from '../../shell/shortcuts'
import { ColumnSetup } from './ColumnSetup'
import { ConfirmDialog } from './ConfirmDialog'
import { FilterBar, type FilterField } from './FilterBar'
import { actionRows, checkAction, type ListAction } from './listActions'
import { ListTable, type Column } from './ListTable'
import { Pagination } from './Pagination'
import type { ListState } from './useList'
import { useListShortcuts } from './useListShortcuts'

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

  const invoke = (action: ListAction<Row>) => {
    const selected = list.selectedRows
    const check = checkAction(action, selected)
    if (check === 'denied') return void toast.error(t('errors:viewOnly'))
    if (check === 'noSelection') return void toast.error(t('validation:selectRow'))
    const rows = actionRows(action, selected)
    if (action.confirm) setConfirming({ action, rows })
    else void execute(action, rows)
  }

  useListShortcuts({
    list,
    actions: p.actions,
    invoke,
    onOpen: p.onOpen,
    enabled: !confirming,
  })

  // The palette's entries change only when what they show changes (labels, permissions, the
  // selection count, the page): registering them re-renders the shell's palette.
  const latest = useRef({ actions: p.actions, invoke, list })
  latest.current = { actions: p.actions, invoke, list }
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
    ]
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `signature` stands for p.actions
  }, [signature, selectedCount, pageNum, pages, t])
  useScreenActions(paletteActions)

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
                title={key ? `${a.label} (${key.display})` : undefined}
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
        <FilterBar list={list} fields={p.filters} />
        <ColumnSetup list={list} columns={p.columns} />
      </Flex>
      {p.error ? (
        <Callout.Root color="red" role="alert" size="1">
          <Callout.Text>{p.error}</Callout.Text>
        </Callout.Root>
      ) : null}
      <Box>
        <ListTable
          list={list}
          columns={p.columns}
          caption={p.title}
          rowLabel={p.rowLabel}
          onOpen={p.onOpen}
          loading={p.loading}
        />
      </Box>
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
