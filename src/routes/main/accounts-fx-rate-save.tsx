import { createFileRoute } from '@tanstack/react-router'
import { FxRateFormScreen } from '../../features/transfers/FxRateFormScreen'
import { fxRateResource } from '../../features/transfers/fxRateResource'

export const Route = createFileRoute('/main/accounts-fx-rate-save')({
  ...fxRateResource.formRoute,
  component: FxRateFormScreen,
})
