import { createFileRoute } from '@tanstack/react-router'
import { FxRateListScreen } from '../../features/transfers/FxRateListScreen'
import { fxRateResource } from '../../features/transfers/fxRateResource'

export const Route = createFileRoute('/main/accounts-fx-rate')({
  ...fxRateResource.listRoute,
  component: FxRateListScreen,
})
