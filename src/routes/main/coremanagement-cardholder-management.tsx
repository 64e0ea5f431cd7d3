import { createFileRoute } from '@tanstack/react-router'
import { CardholderListScreen } from '../../features/cardholders/CardholderListScreen'
import { cardholderResource } from '../../features/cardholders/resource'

export const Route = createFileRoute('/main/coremanagement-cardholder-management')({
  ...cardholderResource.listRoute,
  component: CardholderListScreen,
})
