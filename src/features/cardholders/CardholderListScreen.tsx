import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { ListLayout, type ListAction } from '../../components/list'
import { useFieldColumns } from '../../components/resource/fieldValues'
import { useResourceList } from '../../components/resource/useResourceList'
import { cardholders } from '../../resources/cardholders'
import type { RowOf } from '../../resources/kit'
import { cardholderResource, fullName, holderDisplay } from './resource'

const route = getRouteApi('/main/coremanagement-cardholder-management')
type Cardholder = RowOf<typeof cardholders>

/** coremanagement-cardholder-management: the cardholders of the merchants the user reaches. */
export function CardholderListScreen() {
  const { t } = useTranslation(['cards', 'common'])
  const navigate = useNavigate()
  const screen = useResourceList({
    client: cardholderResource,
    search: route.useSearch(),
    deleteConfirm: useMemo(
      () => ({
        title: t('cards:holder.deleteTitle'),
        description: (rows: Cardholder[]) =>
          t('cards:holder.deleteConfirm', {
            count: rows.length,
            names: rows.map(fullName).join(', '),
          }),
      }),
      [t],
    ),
  })
  const actions = useMemo<ListAction<Cardholder>[]>(
    () => [
      ...screen.layout.actions,
      {
        id: 'view',
        label: t('cards:holder.view'),
        needs: 'one',
        run: ([row]) =>
          navigate({ to: '/main/coremanagement-cardholder-view', search: { id: row.id } }),
      },
    ],
    [screen.layout.actions, navigate, t],
  )
  const columns = useFieldColumns(cardholders, holderDisplay, { name: 'lastName' })
  return (
    <>
      <ListLayout {...screen.layout} actions={actions} columns={columns} rowLabel={fullName} />
      {screen.exportDialog}
    </>
  )
}
