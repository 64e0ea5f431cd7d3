import { getRouteApi } from '@tanstack/react-router'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { ListLayout } from '../../components/list'
import { useFieldColumns } from '../../components/resource/fieldValues'
import { useResourceList } from '../../components/resource/useResourceList'
import type { RowOf } from '../../resources/kit'
import { roles } from '../../resources/roles'
import { rolesResource } from './resource'

const route = getRouteApi('/main/role-management')
type Role = RowOf<typeof roles>

/** role-management: the roles the caller sees; a role an administrator holds is not deleted. */
export function RoleListScreen() {
  const { t } = useTranslation(['roles', 'common'])
  const screen = useResourceList({
    client: rolesResource,
    search: route.useSearch(),
    rowLabel: useCallback((r: Role) => r.name, []),
    refusesDelete: useCallback(
      (r: Role) => (r.userCount > 0 ? t('roles:inUse', { names: r.name }) : undefined),
      [t],
    ),
  })
  const columns = useFieldColumns(roles, {
    companyName: (r, t) => r.companyName ?? t('roles:platform'),
  })
  return (
    <>
      <ListLayout {...screen.layout} columns={columns} />
      {screen.exportDialog}
    </>
  )
}
