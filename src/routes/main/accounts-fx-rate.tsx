import { createFileRoute } from '@tanstack/react-router'
import { lazyListRoute } from '../../components/resource/lazyRoutes'
import { FxRateListScreen } from '../../features/transfers/FxRateListScreen'

export const Route = createFileRoute('/main/accounts-fx-rate')({
  ...lazyListRoute(() =>
    import('../../features/transfers/fxRateResource').then((m) => m.fxRateResource),
  ),
  component: FxRateListScreen,
})
