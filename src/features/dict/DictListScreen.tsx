import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useCallback, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { DataOf } from '../../api/client'
import { toast } from '../../components/feedback/toast'
import { DateTimeText } from '../../components/format/DateTimeText'
import { YesNo } from '../../components/format/YesNo'
import {
  ListLayout,
  useList,
  type Column,
  type FilterField,
  type ListAction,
  type SearchPatch,
} from '../../components/list'
import { useScreenButtons } from '../../components/permissions/useButtons'
import { dictListQuery, useDeleteDicts } from './queries'

const SCREEN = 'dict-management'
const route = getRouteApi('/main/dict-management')

type Dict = DataOf<'/dict/list'>['list'][number]

/** Dictionaries: the reference list every later list screen copies. */
export function DictListScreen() {
  const { t } = useTranslation(['dict', 'common'])
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const query = useQuery({ ...dictListQuery(search), placeholderData: keepPreviousData })
  const perms = useScreenButtons(SCREEN, ['add', 'edit', 'delete'])
  const remove = useDeleteDicts()

  const setSearch = useCallback(
    (patch: SearchPatch) => navigate({ search: (prev) => ({ ...prev, ...patch }), replace: false }),
    [navigate],
  )
  const list = useList({ screen: SCREEN, search, setSearch, data: query.data, rowId: (r) => r.id })

  const openValues = useCallback(
    (row: Dict) => navigate({ to: '/main/dict-dt-management', search: { dictId: row.id } }),
    [navigate],
  )

  const actions = useMemo<ListAction<Dict>[]>(
    () => [
      {
        id: 'add',
        label: t('common:add'),
        shortcut: 'listNew',
        denied: !perms.can('add'),
        run: () => navigate({ to: '/main/dict-management-save', search: {} }),
      },
      {
        id: 'edit',
        label: t('common:edit'),
        shortcut: 'listEdit',
        needs: 'one',
        denied: !perms.can('edit'),
        run: ([row]) => navigate({ to: '/main/dict-management-save', search: { id: row.id } }),
      },
      {
        id: 'delete',
        label: t('common:delete'),
        shortcut: 'listDelete',
        needs: 'some',
        color: 'red',
        denied: !perms.can('delete'),
        confirm: {
          title: t('dict:deleteTitle'),
          description: (rows) =>
            t('dict:deleteConfirm', {
              count: rows.length,
              codes: rows.map((r) => r.code).join(', '),
            }),
          confirmLabel: t('common:delete'),
        },
        run: async (rows) => {
          await remove.mutateAsync(rows.map((r) => r.id))
          list.clearSelection()
          toast.success(t('common:deleted'))
        },
      },
      {
        id: 'values',
        label: t('dict:openValues'),
        needs: 'one',
        run: ([row]) => openValues(row),
      },
    ],
    [t, perms, navigate, remove, list, openValues],
  )

  const columns = useMemo<Column<Dict>[]>(
    () => [
      {
        id: 'code',
        label: t('dict:code'),
        sortField: 'code',
        hideable: false,
        render: (r) => r.code,
      },
      { id: 'name', label: t('dict:name'), sortField: 'name', render: (r) => r.name },
      { id: 'type', label: t('dict:type'), render: (r) => r.type },
      { id: 'remark', label: t('dict:remark'), render: (r) => r.remark },
      { id: 'active', label: t('dict:active'), render: (r) => <YesNo value={r.active} /> },
      { id: 'loading', label: t('dict:loading'), render: (r) => <YesNo value={r.loading} /> },
      {
        id: 'createdAt',
        label: t('common:createdAt'),
        sortField: 'createdAt',
        render: (r) => <DateTimeText iso={r.createdAt} />,
      },
    ],
    [t],
  )

  const filters = useMemo<FilterField[]>(
    () => [
      { name: 'code', label: t('dict:code'), kind: 'text' },
      { name: 'name', label: t('dict:name'), kind: 'text' },
      { name: 'type', label: t('dict:type'), kind: 'text' },
      { name: 'active', label: t('dict:active'), kind: 'flag' },
    ],
    [t],
  )

  return (
    <ListLayout
      list={list}
      title={t('menu:dict-management')}
      actions={actions}
      filters={filters}
      columns={columns}
      rowLabel={(r) => r.code}
      onOpen={openValues}
      loading={query.isFetching}
      error={query.error?.message}
      viewOnly={perms.viewOnly}
    />
  )
}
