import { createFileRoute } from '@tanstack/react-router'
import { DictValueFormScreen } from '../../features/dict/DictValueFormScreen'
import { dictValueDetailQuery } from '../../features/dict/queries'
import { lazySearch } from '../../lib/lazySearch'

export const Route = createFileRoute('/main/dict-dt-management-save')({
  validateSearch: lazySearch(() =>
    import('../../features/dict/search').then((m) => m.dictValueSaveSearch),
  ),
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context, deps }) =>
    deps.id
      ? context.queryClient.ensureQueryData(dictValueDetailQuery(deps.id)).catch(() => null)
      : null,
  component: DictValueFormScreen,
})
