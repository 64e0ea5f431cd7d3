import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useCallback, useMemo, useState } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { menuKey } from '../../i18n/keys'
import type { ScreenName } from '../../lib/screens'
import { labelKey } from '../../resources/fields'
import type { AnyResource, RowOf } from '../../resources/kit'
import { toast } from '../feedback/toast'
import { useList, type FilterField, type ListAction, type SearchPatch } from '../list'
import { useScreenButtons } from '../permissions/useButtons'
import type { resourceClient, SearchOf } from './client'
import { deleteConfirmOf } from './deleteConfirm'
import { ExportDialog } from './ExportDialog'

interface Options<R extends AnyResource> {
  client: ReturnType<typeof resourceClient<R>>
  search: SearchOf<R>
  /** Default: merges the patch into the current route's search. */
  setSearch?: (patch: SearchPatch) => void
  /** Opens the form: with a row to edit it, without to create. Default: the form route. */
  openForm?: (row?: RowOf<R>) => void
  /** Default: the screen's menu name. */
  title?: string
  /**
   * Names a row (its checkbox, the delete confirmation). With it, the confirmation defaults to
   * the definition's `<messages>.deleteTitle` and `<messages>.deleteConfirm` ({count, names}).
   */
  rowLabel?: (row: RowOf<R>) => string
  /** The delete confirmation's title and text for the chosen rows. */
  deleteConfirm?: { title: string; description: (rows: RowOf<R>[]) => string }
  /** A detail screen (`?id=`): a View action on the row opens it. */
  view?: ScreenName
  /**
   * A resource's own refusal to delete a row (built-in rows): the message, or nothing. Checked
   * on every chosen row before the confirmation is asked.
   */
  refusesDelete?: (row: RowOf<R>) => string | undefined
  /**
   * For a resource with a parent (`dictId`): what add and export say while the URL names none.
   * Until one is chosen the list asks for nothing and shows no rows.
   */
  parentMissing?: string
  /** The row's key, for rows without an `id` (balances: `accountId`). */
  rowId?: (row: RowOf<R>) => number
  /**
   * Rows still changing on the server by themselves (cards being created): while this says so
   * for the page shown, the page is asked for again every `LIVE_REFRESH_MS`.
   */
  refetchWhile?: (rows: RowOf<R>[]) => boolean
}

/** How often a list with rows still changing on the server asks again. */
export const LIVE_REFRESH_MS = 1500

/**
 * Everything a resource's list screen shares: the query of the URL's page, the list state, the
 * user's buttons and the standard actions (add, edit, delete with confirmation, export of the
 * current filter). A screen adds its columns, its filters' labels and its own rules.
 */
export function useResourceList<R extends AnyResource>(o: Options<R>) {
  const { t } = useTranslation()
  const { client, search } = o
  const def = client.def
  const navigate = useNavigate()
  const ownSetSearch = useCallback(
    (patch: SearchPatch) =>
      navigate({ search: (prev: object) => ({ ...prev, ...patch }) } as never),
    [navigate],
  )
  const ownOpenForm = useCallback(
    (row?: RowOf<R>) =>
      navigate({
        to: `/main/${def.form}`,
        search: row ? { id: (row as { id: number }).id } : {},
      } as never),
    [navigate, def.form],
  )
  const openForm = o.openForm ?? ownOpenForm
  const menu = menuKey(def.screen)
  const title = o.title ?? (menu ? t(menu) : def.screen)
  const hasParent = Object.keys(def.parent ?? {}).every(
    (k) => (search as Record<string, unknown>)[k] != null,
  )
  const query = useQuery({
    ...client.listQuery(search),
    enabled: hasParent,
    placeholderData: keepPreviousData,
    refetchInterval: o.refetchWhile
      ? (q) => {
          const data = q.state.data as { list: RowOf<R>[] } | undefined
          return data && o.refetchWhile!(data.list) ? LIVE_REFRESH_MS : false
        }
      : undefined,
  })
  const perms = useScreenButtons(def.screen, def.buttons)
  const remove = client.useRemove()
  const [exporting, setExporting] = useState(false)
  const rowIdOf = o.rowId ?? ((r: RowOf<R>) => (r as { id: number }).id)
  const list = useList({
    screen: def.screen,
    search,
    setSearch: o.setSearch ?? ownSetSearch,
    data: hasParent ? (query.data as { list: RowOf<R>[]; total: number } | undefined) : undefined,
    rowId: rowIdOf,
  })
  const { refusesDelete, parentMissing, rowLabel, view } = o
  const deleteConfirm = useMemo(
    () => o.deleteConfirm ?? (rowLabel && deleteConfirmOf(t, def.messages, rowLabel)),
    [o.deleteConfirm, rowLabel, def.messages, t],
  )
  /** Runs `go` once the parent is chosen; before, says what is missing. */
  const needsParent = useCallback(
    (go: () => void) => () => (hasParent ? go() : void toast.error(parentMissing ?? '')),
    [hasParent, parentMissing],
  )

  const actions = useMemo<ListAction<RowOf<R>>[]>(
    () => [
      {
        id: 'add',
        label: t('common:add'),
        shortcut: 'listNew',
        denied: !perms.can('add'),
        run: needsParent(() => openForm()),
      },
      {
        id: 'edit',
        label: t('common:edit'),
        shortcut: 'listEdit',
        needs: 'one',
        denied: !perms.can('edit'),
        run: ([row]) => openForm(row),
      },
      {
        id: 'delete',
        label: t('common:delete'),
        shortcut: 'listDelete',
        needs: 'some',
        color: 'red',
        denied: !perms.can('delete'),
        refuses: refusesDelete,
        confirm: deleteConfirm && { ...deleteConfirm, confirmLabel: t('common:delete') },
        run: async (rows) => {
          await remove.mutateAsync(rows.map((r) => (r as { id: number }).id))
          list.clearSelection()
          toast.success(t('common:deleted'))
        },
      },
      // The current filter's rows, every page.
      { id: 'export', label: t('kit:export'), run: needsParent(() => setExporting(true)) },
      ...(view
        ? [
            {
              id: 'view',
              label: t('common:view'),
              needs: 'one' as const,
              run: ([row]: RowOf<R>[]) =>
                navigate({
                  to: `/main/${view}`,
                  search: { id: (row as { id: number }).id },
                } as never),
            },
          ]
        : []),
    ],
    [t, perms, openForm, deleteConfirm, refusesDelete, remove, list, needsParent, view, navigate],
  )

  const exportDialog = hasParent && (
    <ExportDialog
      open={exporting}
      onClose={() => setExporting(false)}
      title={title}
      path={`${def.api}/export`}
      body={(format) => client.exportBody(search, format)}
    />
  )
  // The filter bar's fields, labelled from the definition; each kind has its control.
  const filters = useMemo<FilterField[]>(
    () =>
      Object.entries(def.filters).map(([name, f]): FilterField => {
        const label = t(labelKey(def.messages, name))
        if (f.kind === 'enum') return { name, label, kind: 'enum', dict: f.dict ?? name }
        // An exact text is typed like a text.
        return { name, label, kind: f.kind === 'exact' ? 'text' : f.kind }
      }),
    [def, t],
  )
  const open = useCallback((row: RowOf<R>) => openForm(row), [openForm])
  /** The ListLayout props every resource list passes the same way. */
  const layout = {
    list,
    title,
    actions,
    filters,
    onOpen: open,
    loading: query.isFetching,
    error: query.error?.message,
    viewOnly: perms.viewOnly,
    // Screens without a label name rows by their key.
    rowLabel: rowLabel ?? ((r: RowOf<R>) => String(rowIdOf(r))),
  }
  return { query, list, perms, actions, filters, exportDialog, open, layout }
}
