import { createFileRoute } from '@tanstack/react-router'
import { lazyFormRoute } from '../../components/resource/lazyRoutes'
import { CardBinFormScreen } from '../../features/cardBins/CardBinFormScreen'

export const Route = createFileRoute('/main/card-bin-management-save')({
  ...lazyFormRoute(() => import('../../features/cardBins/resource').then((m) => m.cardBinResource)),
  component: CardBinFormScreen,
})
