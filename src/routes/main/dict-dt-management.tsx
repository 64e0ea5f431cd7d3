import { createFileRoute } from '@tanstack/react-router'
import { DictValueListScreen } from '../../features/dict/DictValueListScreen'
import { dictValueListQuery } from '../../features/dict/queries'
import { dictValueListSearch } from '../../features/dict/search'

export const Route = createFileRoute('/main/dict-dt-management')({
  validateSearch: dictValueListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    deps.dictId
      ? context.queryClient
          .ensureQueryData(dictValueListQuery({ ...deps, dictId: deps.dictId }))
          .catch(() => null)
      : null,
  component: DictValueListScreen,
})
