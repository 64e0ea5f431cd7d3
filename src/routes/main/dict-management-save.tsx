import { createFileRoute } from '@tanstack/react-router'
import { DictFormScreen } from '../../features/dict/DictFormScreen'
import { dictDetailQuery } from '../../features/dict/queries'
import { lazySearch } from '../../lib/lazySearch'

export const Route = createFileRoute('/main/dict-management-save')({
  validateSearch: lazySearch(() =>
    import('../../features/dict/search').then((m) => m.dictSaveSearch),
  ),
  loaderDeps: ({ search }) => ({ id: search.id }),
  // A missing record is shown by the screen (its error), not by the router's error page.
  loader: ({ context, deps }) =>
    deps.id
      ? context.queryClient.ensureQueryData(dictDetailQuery(deps.id)).catch(() => null)
      : null,
  component: DictFormScreen,
})
