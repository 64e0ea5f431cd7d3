import { createFileRoute } from '@tanstack/react-router'
import { CardholderViewScreen } from '../../features/cardholders/CardholderViewScreen'
import { cardholderResource } from '../../features/cardholders/resource'

export const Route = createFileRoute('/main/coremanagement-cardholder-view')({
  ...cardholderResource.formRoute,
  component: CardholderViewScreen,
})
