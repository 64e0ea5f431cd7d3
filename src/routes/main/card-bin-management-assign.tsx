import { createFileRoute } from '@tanstack/react-router'
import { CardBinAssignScreen } from '../../features/cardBins/CardBinAssignScreen'
import { lazySearch } from '../../lib/lazySearch'

const resource = () => import('../../features/cardBins/resource')

export const Route = createFileRoute('/main/card-bin-management-assign')({
  validateSearch: lazySearch(() => resource().then((m) => m.cardBinResource.formSearch)),
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context, deps }) =>
    deps.id
      ? resource()
          .then((m) => context.queryClient.ensureQueryData(m.cardBinQueries.assignment(deps.id!)))
          .catch(() => null)
      : null,
  component: CardBinAssignScreen,
})
