import { createFileRoute } from '@tanstack/react-router'
import { lazyFormRoute } from '../../components/resource/lazyRoutes'
import { FxRateFormScreen } from '../../features/transfers/FxRateFormScreen'

export const Route = createFileRoute('/main/accounts-fx-rate-save')({
  ...lazyFormRoute(() =>
    import('../../features/transfers/fxRateResource').then((m) => m.fxRateResource),
  ),
  component: FxRateFormScreen,
})
