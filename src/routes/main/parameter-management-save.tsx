import { createFileRoute } from '@tanstack/react-router'
import { ParamFormScreen } from '../../features/param/ParamFormScreen'
import { paramDetailQuery } from '../../features/param/queries'
import { paramSaveSearch } from '../../features/param/search'

export const Route = createFileRoute('/main/parameter-management-save')({
  validateSearch: paramSaveSearch,
  loaderDeps: ({ search }) => ({ id: search.id }),
  // A missing record is shown by the screen (its error), not by the router's error page.
  loader: ({ context, deps }) =>
    deps.id
      ? context.queryClient.ensureQueryData(paramDetailQuery(deps.id)).catch(() => null)
      : null,
  component: ParamFormScreen,
})
