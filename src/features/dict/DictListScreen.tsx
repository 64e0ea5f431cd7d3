import { getRouteApi } from '@tanstack/react-router'
import { useCallback, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { ListLayout, type ListAction, type SearchPatch } from '../../components/list'
import { useFieldColumns } from '../../components/resource/fieldValues'
import { useResourceList } from '../../components/resource/useResourceList'
import { dictionaries } from '../../resources/dictionaries'
import type { RowOf } from '../../resources/kit'
import { dictResource } from './queries'

const route = getRouteApi('/main/dict-management')

type Dict = RowOf<typeof dictionaries>
const codeOf = (r: Dict) => r.code

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
    rowLabel: codeOf,
  })
  const actions = useMemo<ListAction<Dict>[]>(
    () => [
      ...screen.actions,
      { id: 'values', label: t('dict:openValues'), needs: 'one', run: ([row]) => openValues(row) },
    ],
    [screen.actions, t, openValues],
  )

  const columns = useFieldColumns(dictionaries)

  return (
    <>
      <ListLayout {...screen.layout} actions={actions} columns={columns} onOpen={openValues} />
      {screen.exportDialog}
    </>
  )
}
