import { Text } from '@radix-ui/themes'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { useCallback, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { ListLayout, type ListAction } from '../../components/list'
import { useScreenButtons } from '../../components/permissions/useButtons'
import { useFieldColumns } from '../../components/resource/fieldValues'
import { useResourceList } from '../../components/resource/useResourceList'
import { devopsGrants } from '../../resources/devopsGrants'
import type { RowOf } from '../../resources/kit'
import { devopsGrantResource } from './devopsGrantResource'

const route = getRouteApi('/main/devops-module-management')
type Grant = RowOf<typeof devopsGrants>
/** The role's name in full; the rest are short figures and yes / no, narrower than the default. */
const WIDTHS = {
  name: 200,
  userCount: 130,
  held: 130,
  database: 150,
  queues: 120,
  webhooks: 160,
  channels: 140,
  routes: 160,
  information: 160,
}

/**
 * devops-module-management: every role and which devops modules it holds — the DevOps
 * dashboard's sections and the operations pages — one column each (docs/devops.md). Read-only
 * with its export; "Change" (Enter on a row) opens the role's devops modules
 * (role-devops-module-saveinfo) for a holder of `devops-module-management:grant`.
 */
export function DevopsGrantListScreen() {
  const { t } = useTranslation(['modules'])
  const navigate = useNavigate()
  const mayGrant = useScreenButtons('devops-module-management', ['grant']).can('grant')
  const open = useCallback(
    (row: Grant) =>
      void navigate({ to: '/main/role-devops-module-saveinfo', search: { roleId: row.id } }),
    [navigate],
  )
  const screen = useResourceList({
    client: devopsGrantResource,
    search: route.useSearch(),
    openForm: (row) => row && mayGrant && open(row),
  })
  const columns = useFieldColumns(devopsGrants, {}, {}, { width: WIDTHS })
  const actions = useMemo<ListAction<Grant>[]>(
    () => [
      {
        id: 'grant',
        label: t('modules:devopsGrant.change'),
        needs: 'one',
        denied: !mayGrant,
        run: ([row]) => open(row),
      },
      ...screen.actions.filter((a) => a.id === 'export'),
    ],
    [screen.actions, mayGrant, open, t],
  )
  return (
    <>
      <ListLayout
        {...screen.layout}
        actions={actions}
        viewOnly={false}
        columns={columns}
        rowLabel={(r) => r.name}
        header={
          <Text color="gray" size="2">
            {t('modules:devopsGrant.lead')}
          </Text>
        }
      />
      {screen.exportDialog}
    </>
  )
}
