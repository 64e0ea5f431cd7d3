import { createFileRoute } from '@tanstack/react-router'
import { CardBinFormScreen } from '../../features/cardBins/CardBinFormScreen'
import { cardBinResource } from '../../features/cardBins/resource'

export const Route = createFileRoute('/main/card-bin-management-save')({
  ...cardBinResource.formRoute,
  component: CardBinFormScreen,
})
