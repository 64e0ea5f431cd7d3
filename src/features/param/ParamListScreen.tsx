import { Badge } from '@radix-ui/themes'
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
import { paramListQuery, useDeleteParams } from './queries'

const SCREEN = 'parameter-management'
const route = getRouteApi('/main/parameter-management')

type Param = DataOf<'/parameter/list'>['list'][number]

/** parameter-management: system parameters; built-in ones are shown but cannot be changed. */
export function ParamListScreen() {
  const { t } = useTranslation(['param', 'common'])
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const query = useQuery({ ...paramListQuery(search), placeholderData: keepPreviousData })
  const perms = useScreenButtons(SCREEN, ['add', 'edit', 'delete'])
  const remove = useDeleteParams()

  const setSearch = useCallback(
    (patch: SearchPatch) => navigate({ search: (prev) => ({ ...prev, ...patch }) }),
    [navigate],
  )
  const list = useList({ screen: SCREEN, search, setSearch, data: query.data, rowId: (r) => r.id })

  const open = useCallback(
    (row: Param) => navigate({ to: '/main/parameter-management-save', search: { id: row.id } }),
    [navigate],
  )

  const actions = useMemo<ListAction<Param>[]>(
    () => [
      {
        id: 'add',
        label: t('common:add'),
        shortcut: 'listNew',
        denied: !perms.can('add'),
        run: () => navigate({ to: '/main/parameter-management-save', search: {} }),
      },
      {
        id: 'edit',
        label: t('common:edit'),
        shortcut: 'listEdit',
        needs: 'one',
        denied: !perms.can('edit'),
        run: ([row]) => open(row),
      },
      {
        id: 'delete',
        label: t('common:delete'),
        shortcut: 'listDelete',
        needs: 'some',
        color: 'red',
        denied: !perms.can('delete'),
        confirm: {
          title: t('param:deleteTitle'),
          description: (rows) =>
            t('param:deleteConfirm', {
              count: rows.length,
              names: rows.map((r) => r.name).join(', '),
            }),
          confirmLabel: t('common:delete'),
        },
        run: async (rows) => {
          const builtIn = rows.filter((r) => !r.editable)
          if (builtIn.length) {
            toast.error(t('param:notEditable', { names: builtIn.map((r) => r.name).join(', ') }))
            return
          }
          await remove.mutateAsync(rows.map((r) => r.id))
          list.clearSelection()
          toast.success(t('common:deleted'))
        },
      },
    ],
    [t, perms, navigate, remove, list, open],
  )

  const columns = useMemo<Column<Param>[]>(
    () => [
      {
        id: 'name',
        label: t('param:name'),
        sortField: 'name',
        hideable: false,
        render: (r) => r.name,
      },
      { id: 'value', label: t('param:value'), render: (r) => r.value },
      { id: 'description', label: t('param:description'), render: (r) => r.description },
      { id: 'active', label: t('param:active'), render: (r) => <YesNo value={r.active} /> },
      {
        id: 'editable',
        label: t('param:editable'),
        render: (r) =>
          r.editable ? (
            <YesNo value />
          ) : (
            <Badge color="amber" variant="soft" highContrast>
              {t('param:builtIn')}
            </Badge>
          ),
      },
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
      { name: 'name', label: t('param:name'), kind: 'text' },
      { name: 'active', label: t('param:active'), kind: 'flag' },
    ],
    [t],
  )

  return (
    <ListLayout
      list={list}
      title={t('menu:parameter-management')}
      actions={actions}
      filters={filters}
      columns={columns}
      rowLabel={(r) => r.name}
      onOpen={open}
      loading={query.isFetching}
      error={query.error?.message}
      viewOnly={perms.viewOnly}
    />
  )
}
