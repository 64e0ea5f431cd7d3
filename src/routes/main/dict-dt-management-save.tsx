import { createFileRoute } from '@tanstack/react-router'
import { DictValueFormScreen } from '../../features/dict/DictValueFormScreen'
import { dictValueDetailQuery } from '../../features/dict/queries'
import { dictValueSaveSearch } from '../../features/dict/search'

export const Route = createFileRoute('/main/dict-dt-management-save')({
  validateSearch: dictValueSaveSearch,
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context, deps }) =>
    deps.id
      ? context.queryClient.ensureQueryData(dictValueDetailQuery(deps.id)).catch(() => null)
      : null,
  component: DictValueFormScreen,
})
