import { Badge } from '@radix-ui/themes'
import { getRouteApi } from '@tanstack/react-router'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { YesNo } from '../../components/format/YesNo'
import { ListLayout } from '../../components/list'
import { useFieldColumns } from '../../components/resource/fieldValues'
import { useResourceList } from '../../components/resource/useResourceList'
import type { RowOf } from '../../resources/kit'
import { parameters } from '../../resources/parameters'
import { paramResource } from './resource'

const route = getRouteApi('/main/parameter-management')
type Param = RowOf<typeof parameters>

/** parameter-management: system parameters; built-in ones are shown but cannot be changed. */
export function ParamListScreen() {
  const { t } = useTranslation(['param', 'common', 'menu'])
  const screen = useResourceList({
    client: paramResource,
    search: route.useSearch(),
    rowLabel: useCallback((r: Param) => r.name, []),
    refusesDelete: useCallback(
      (r: Param) => (r.editable ? undefined : t('param:notEditable', { names: r.name })),
      [t],
    ),
  })
  const columns = useFieldColumns(parameters, {
    editable: (r, t) =>
      r.editable ? (
        <YesNo value />
      ) : (
        <Badge color="amber" variant="soft" highContrast>
          {t('param:builtIn')}
        </Badge>
      ),
  })
  return (
    <>
      <ListLayout {...screen.layout} columns={columns} />
      {screen.exportDialog}
    </>
  )
}
