import { Badge } from '@radix-ui/themes'
import { getRouteApi } from '@tanstack/react-router'
import { useCallback, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { DateTimeText } from '../../components/format/DateTimeText'
import { YesNo } from '../../components/format/YesNo'
import { ListLayout, type Column } from '../../components/list'
import { useResourceList } from '../../components/resource/useResourceList'
import type { RowOf } from '../../resources/kit'
import type { parameters } from '../../resources/parameters'
import { paramResource } from './resource'

const route = getRouteApi('/main/parameter-management')
type Param = RowOf<typeof parameters>

/** parameter-management: system parameters; built-in ones are shown but cannot be changed. */
export function ParamListScreen() {
  const { t } = useTranslation(['param', 'common', 'menu'])
  const names = (rows: Param[]) => rows.map((r) => r.name).join(', ')
  const screen = useResourceList({
    client: paramResource,
    search: route.useSearch(),
    deleteConfirm: useMemo(
      () => ({
        title: t('param:deleteTitle'),
        description: (rows: Param[]) =>
          t('param:deleteConfirm', { count: rows.length, names: names(rows) }),
      }),
      [t],
    ),
    refusesDelete: useCallback(
      (r: Param) => (r.editable ? undefined : t('param:notEditable', { names: r.name })),
      [t],
    ),
  })

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
        width: 180,
        render: (r) => <DateTimeText iso={r.createdAt} />,
      },
    ],
    [t],
  )

  return (
    <>
      <ListLayout {...screen.layout} columns={columns} rowLabel={(r) => r.name} />
      {screen.exportDialog}
    </>
  )
}
