import { getRouteApi } from '@tanstack/react-router'
import { useCallback, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { DateTimeText } from '../../components/format/DateTimeText'
import { YesNo } from '../../components/format/YesNo'
import { ListLayout, type Column, type ListAction, type SearchPatch } from '../../components/list'
import { useResourceList } from '../../components/resource/useResourceList'
import type { dictionaries } from '../../resources/dictionaries'
import type { RowOf } from '../../resources/kit'
import { dictResource } from './queries'

const route = getRouteApi('/main/dict-management')

type Dict = RowOf<typeof dictionaries>

/** Dictionaries: the reference list every later list screen copies. */
export function DictListScreen() {
  const { t } = useTranslation(['dict', 'common', 'menu'])
  const navigate = route.useNavigate()
  const setSearch = useCallback(
    (patch: SearchPatch) => navigate({ search: (prev) => ({ ...prev, ...patch }) }),
    [navigate],
  )
  const openForm = useCallback(
    (row?: Dict) =>
      navigate({ to: '/main/dict-management-save', search: row ? { id: row.id } : {} }),
    [navigate],
  )
  const openValues = useCallback(
    (row: Dict) => navigate({ to: '/main/dict-dt-management', search: { dictId: row.id } }),
    [navigate],
  )
  const screen = useResourceList({
    client: dictResource,
    search: route.useSearch(),
    setSearch,
    openForm,
    title: t('menu:dict-management'),
    deleteConfirm: useMemo(
      () => ({
        title: t('dict:deleteTitle'),
        description: (rows: Dict[]) =>
          t('dict:deleteConfirm', {
            count: rows.length,
            codes: rows.map((r) => r.code).join(', '),
          }),
      }),
      [t],
    ),
  })
  const actions = useMemo<ListAction<Dict>[]>(
    () => [
      ...screen.actions,
      { id: 'values', label: t('dict:openValues'), needs: 'one', run: ([row]) => openValues(row) },
    ],
    [screen.actions, t, openValues],
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
        width: 180,
        render: (r) => <DateTimeText iso={r.createdAt} />,
      },
    ],
    [t],
  )

  return (
    <>
      <ListLayout
        {...screen.layout}
        actions={actions}
        columns={columns}
        rowLabel={(r) => r.code}
        onOpen={openValues}
      />
      {screen.exportDialog}
    </>
  )
}
