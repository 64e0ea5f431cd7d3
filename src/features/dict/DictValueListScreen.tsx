import { Flex, Text } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useCallback, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { DateTimeText } from '../../components/format/DateTimeText'
import { YesNo } from '../../components/format/YesNo'
import { ListLayout, type Column, type ListAction, type SearchPatch } from '../../components/list'
import { useResourceList } from '../../components/resource/useResourceList'
import type { dictValues } from '../../resources/dictionaries'
import type { RowOf } from '../../resources/kit'
import { DictChooser } from './DictChooser'
import { dictDetailQuery, dictValueResource } from './queries'

const route = getRouteApi('/main/dict-dt-management')

type DictValue = RowOf<typeof dictValues>

/** dict-dt-management: the values of one dictionary (?dictId=), chosen here or from the list. */
export function DictValueListScreen() {
  const { t } = useTranslation(['dict', 'common', 'menu', 'kit'])
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const dictId = search.dictId
  const dict = useQuery({ ...dictDetailQuery(dictId ?? 0), enabled: !!dictId })
  const setSearch = useCallback(
    (patch: SearchPatch) => navigate({ search: (prev) => ({ ...prev, ...patch }) }),
    [navigate],
  )
  // A new value belongs to the chosen dictionary; an edited one names its own.
  const openForm = useCallback(
    (row?: DictValue) =>
      navigate({
        to: '/main/dict-dt-management-save',
        search: row ? { dictId: row.dictId, id: row.id } : { dictId },
      }),
    [navigate, dictId],
  )
  const title = dict.data
    ? t('dict:valuesOf', { code: dict.data.code, name: dict.data.name })
    : t('menu:dict-dt-management')
  const screen = useResourceList({
    client: dictValueResource,
    search,
    setSearch,
    openForm,
    title,
    parentMissing: t('dict:chooseDictFirst'),
    deleteConfirm: useMemo(
      () => ({
        title: t('dict:deleteValuesTitle'),
        description: (rows: DictValue[]) =>
          t('dict:deleteValuesConfirm', {
            count: rows.length,
            codes: rows.map((r) => r.code).join(', '),
          }),
      }),
      [t],
    ),
  })
  const actions = useMemo<ListAction<DictValue>[]>(
    () => [
      ...screen.actions,
      {
        id: 'dicts',
        label: t('dict:backToDicts'),
        run: () => navigate({ to: '/main/dict-management' }),
      },
    ],
    [screen.actions, t, navigate],
  )

  const columns = useMemo<Column<DictValue>[]>(
    () => [
      { id: 'seq', label: t('dict:seq'), sortField: 'seq', render: (r) => r.seq },
      {
        id: 'code',
        label: t('dict:code'),
        sortField: 'code',
        hideable: false,
        render: (r) => r.code,
      },
      { id: 'name', label: t('dict:name'), sortField: 'name', render: (r) => r.name },
      { id: 'descriptor', label: t('dict:descriptor'), render: (r) => r.descriptor },
      { id: 'otherText', label: t('dict:otherText'), render: (r) => r.otherText },
      { id: 'active', label: t('dict:active'), render: (r) => <YesNo value={r.active} /> },
      { id: 'isDefault', label: t('dict:isDefault'), render: (r) => <YesNo value={r.isDefault} /> },
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
        error={(dict.error ?? screen.query.error)?.message}
        header={
          <DictChooser dictId={dictId} onChange={(id) => navigate({ search: { dictId: id } })} />
        }
        empty={
          dictId ? undefined : (
            <Flex direction="column" align="center" gap="2" data-testid="list-empty">
              <Text color="gray">{t('dict:chooseDictFirst')}</Text>
            </Flex>
          )
        }
      />
      {screen.exportDialog}
    </>
  )
}
