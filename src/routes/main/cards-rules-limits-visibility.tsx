import { createFileRoute } from '@tanstack/react-router'
import { RuleVisibilityScreen } from '../../features/cardGroups/RuleVisibilityScreen'
import { lazySearch } from '../../lib/lazySearch'

const resource = () => import('../../features/cardGroups/resource')

export const Route = createFileRoute('/main/cards-rules-limits-visibility')({
  validateSearch: lazySearch(() => resource().then((m) => m.ruleResource.formSearch)),
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context, deps }) =>
    deps.id
      ? resource()
          .then((m) => context.queryClient.ensureQueryData(m.groupQueries.ruleVisibility(deps.id!)))
          .catch(() => null)
      : null,
  component: RuleVisibilityScreen,
})
