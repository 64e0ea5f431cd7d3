import { Flex, Text } from '@radix-ui/themes'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useCallback, useMemo, useState } from 'react'
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
import { ExportDialog } from '../../components/resource/ExportDialog'
import { DictChooser } from './DictChooser'
import {
  dictDetailQuery,
  dictValueListQuery,
  dictValueResource,
  useDeleteDictValues,
} from './queries'

const SCREEN = 'dict-dt-management'
const route = getRouteApi('/main/dict-dt-management')

type DictValue = DataOf<'/dict/value/list'>['list'][number]

/** dict-dt-management: the values of one dictionary (?dictId=), chosen here or from the list. */
export function DictValueListScreen() {
  const { t } = useTranslation(['dict', 'common', 'menu', 'kit'])
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const dictId = search.dictId
  const dict = useQuery({ ...dictDetailQuery(dictId ?? 0), enabled: !!dictId })
  const query = useQuery({
    ...dictValueListQuery({ ...search, dictId: dictId ?? 0 }),
    enabled: !!dictId,
    placeholderData: keepPreviousData,
  })
  const perms = useScreenButtons(SCREEN, ['add', 'edit', 'delete'])
  const remove = useDeleteDictValues()
  const [exporting, setExporting] = useState(false)

  const setSearch = useCallback(
    (patch: SearchPatch) => navigate({ search: (prev) => ({ ...prev, ...patch }) }),
    [navigate],
  )
  const list = useList({
    screen: SCREEN,
    search,
    setSearch,
    data: dictId ? query.data : undefined,
    rowId: (r) => r.id,
  })

  const edit = useCallback(
    (row: DictValue) =>
      navigate({ to: '/main/dict-dt-management-save', search: { dictId: row.dictId, id: row.id } }),
    [navigate],
  )

  const actions = useMemo<ListAction<DictValue>[]>(
    () => [
      {
        id: 'add',
        label: t('common:add'),
        shortcut: 'listNew',
        denied: !perms.can('add'),
        run: () => {
          if (!dictId) return void toast.error(t('dict:chooseDict'))
          return navigate({ to: '/main/dict-dt-management-save', search: { dictId } })
        },
      },
      {
        id: 'edit',
        label: t('common:edit'),
        shortcut: 'listEdit',
        needs: 'one',
        denied: !perms.can('edit'),
        run: ([row]) => edit(row),
      },
      {
        id: 'delete',
        label: t('common:delete'),
        shortcut: 'listDelete',
        needs: 'some',
        color: 'red',
        denied: !perms.can('delete'),
        confirm: {
          title: t('dict:deleteValuesTitle'),
          description: (rows) =>
            t('dict:deleteValuesConfirm', {
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
        // The current dictionary's values under the current filter (every page).
        id: 'export',
        label: t('kit:export'),
        run: () => {
          if (dictId) setExporting(true)
          else toast.error(t('dict:chooseDictFirst'))
        },
      },
      {
        id: 'dicts',
        label: t('dict:backToDicts'),
        run: () => navigate({ to: '/main/dict-management' }),
      },
    ],
    [t, perms, navigate, remove, list, dictId, edit],
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

  const filters = useMemo<FilterField[]>(
    () => [
      { name: 'code', label: t('dict:code'), kind: 'text' },
      { name: 'name', label: t('dict:name'), kind: 'text' },
      { name: 'active', label: t('dict:active'), kind: 'flag' },
      { name: 'isDefault', label: t('dict:isDefault'), kind: 'flag' },
    ],
    [t],
  )

  const title = dict.data
    ? t('dict:valuesOf', { code: dict.data.code, name: dict.data.name })
    : t('menu:dict-dt-management')

  return (
    <>
      <ListLayout
        list={list}
        title={title}
        actions={actions}
        filters={filters}
        columns={columns}
        rowLabel={(r) => r.code}
        onOpen={edit}
        loading={query.isFetching}
        error={(dict.error ?? query.error)?.message}
        viewOnly={perms.viewOnly}
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
      {dictId ? (
        <ExportDialog
          open={exporting}
          onClose={() => setExporting(false)}
          title={title}
          path="/dict/value/export"
          body={(format) => dictValueResource.exportBody({ ...search, dictId }, format)}
        />
      ) : null}
    </>
  )
}
