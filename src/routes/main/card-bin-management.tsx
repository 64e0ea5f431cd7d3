import { createFileRoute } from '@tanstack/react-router'
import { CardBinListScreen } from '../../features/cardBins/CardBinListScreen'
import { cardBinResource } from '../../features/cardBins/resource'

export const Route = createFileRoute('/main/card-bin-management')({
  ...cardBinResource.listRoute,
  component: CardBinListScreen,
})
