import { Flex, Text } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useCallback, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { ListLayout, type ListAction, type SearchPatch } from '../../components/list'
import { useFieldColumns } from '../../components/resource/fieldValues'
import { useResourceList } from '../../components/resource/useResourceList'
import { dictValues } from '../../resources/dictionaries'
import type { RowOf } from '../../resources/kit'
import { DictChooser } from './DictChooser'
import { dictDetailQuery, dictValueResource } from './queries'

const route = getRouteApi('/main/dict-dt-management')

type DictValue = RowOf<typeof dictValues>
const codeOf = (r: DictValue) => r.code

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
    rowLabel: codeOf,
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

  const columns = useFieldColumns(dictValues)

  return (
    <>
      <ListLayout
        {...screen.layout}
        actions={actions}
        columns={columns}
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
