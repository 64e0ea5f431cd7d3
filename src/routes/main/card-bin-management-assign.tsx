import { createFileRoute } from '@tanstack/react-router'
import { CardBinAssignScreen } from '../../features/cardBins/CardBinAssignScreen'
import { cardBinQueries, cardBinResource } from '../../features/cardBins/resource'

export const Route = createFileRoute('/main/card-bin-management-assign')({
  validateSearch: cardBinResource.formSearch,
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context, deps }) =>
    deps.id
      ? context.queryClient.ensureQueryData(cardBinQueries.assignment(deps.id)).catch(() => null)
      : null,
  component: CardBinAssignScreen,
})
