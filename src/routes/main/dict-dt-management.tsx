import { createFileRoute } from '@tanstack/react-router'
import { DictValueListScreen } from '../../features/dict/DictValueListScreen'
import { dictValueListQuery } from '../../features/dict/queries'
import { lazySearch } from '../../lib/lazySearch'

export const Route = createFileRoute('/main/dict-dt-management')({
  validateSearch: lazySearch(() =>
    import('../../features/dict/search').then((m) => m.dictValueListSearch),
  ),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    deps.dictId
      ? context.queryClient
          .ensureQueryData(dictValueListQuery({ ...deps, dictId: deps.dictId }))
          .catch(() => null)
      : null,
  component: DictValueListScreen,
})
