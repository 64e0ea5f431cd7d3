import { createFileRoute } from '@tanstack/react-router'
import { DictListScreen } from '../../features/dict/DictListScreen'
import { dictListQuery } from '../../features/dict/queries'
import { lazySearch } from '../../lib/lazySearch'

export const Route = createFileRoute('/main/dict-management')({
  validateSearch: lazySearch(() =>
    import('../../features/dict/search').then((m) => m.dictListSearch),
  ),
  loaderDeps: ({ search }) => search,
  // A failed call is shown by the screen (its error line), not by the router's error page.
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(dictListQuery(deps)).catch(() => null),
  component: DictListScreen,
})
