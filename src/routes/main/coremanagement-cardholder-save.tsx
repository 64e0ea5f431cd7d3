import { createFileRoute } from '@tanstack/react-router'
import { CardholderFormScreen } from '../../features/cardholders/CardholderFormScreen'
import { cardholderResource } from '../../features/cardholders/resource'

export const Route = createFileRoute('/main/coremanagement-cardholder-save')({
  ...cardholderResource.formRoute,
  component: CardholderFormScreen,
})
