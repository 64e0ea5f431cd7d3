import { createFileRoute } from '@tanstack/react-router'
import { DictFormScreen } from '../../features/dict/DictFormScreen'
import { dictDetailQuery } from '../../features/dict/queries'
import { dictSaveSearch } from '../../features/dict/search'

export const Route = createFileRoute('/main/dict-management-save')({
  validateSearch: dictSaveSearch,
  loaderDeps: ({ search }) => ({ id: search.id }),
  // A missing record is shown by the screen (its error), not by the router's error page.
  loader: ({ context, deps }) =>
    deps.id
      ? context.queryClient.ensureQueryData(dictDetailQuery(deps.id)).catch(() => null)
      : null,
  component: DictFormScreen,
})
