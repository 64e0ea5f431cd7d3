import { createFileRoute } from '@tanstack/react-router'
import { lazyListRoute } from '../../components/resource/lazyRoutes'
import { CardBinListScreen } from '../../features/cardBins/CardBinListScreen'

export const Route = createFileRoute('/main/card-bin-management')({
  ...lazyListRoute(() => import('../../features/cardBins/resource').then((m) => m.cardBinResource)),
  component: CardBinListScreen,
})
