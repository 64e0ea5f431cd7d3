import { getRouteApi } from '@tanstack/react-router'
import { ListLayout } from '../../components/list'
import { useFieldColumns } from '../../components/resource/fieldValues'
import { useResourceList } from '../../components/resource/useResourceList'
import { cardholders } from '../../resources/cardholders'
import { cardholderResource, fullName, holderDisplay } from './resource'

const route = getRouteApi('/main/coremanagement-cardholder-management')

/** coremanagement-cardholder-management: the cardholders of the merchants the user reaches. */
export function CardholderListScreen() {
  const screen = useResourceList({
    client: cardholderResource,
    search: route.useSearch(),
    rowLabel: fullName,
    view: 'coremanagement-cardholder-view',
  })
  const columns = useFieldColumns(cardholders, holderDisplay, { name: 'lastName' })
  return (
    <>
      <ListLayout {...screen.layout} columns={columns} />
      {screen.exportDialog}
    </>
  )
}
