import { createFileRoute } from '@tanstack/react-router'
import { ParamListScreen } from '../../features/param/ParamListScreen'
import { paramListQuery } from '../../features/param/queries'
import { paramListSearch } from '../../features/param/search'

export const Route = createFileRoute('/main/parameter-management')({
  validateSearch: paramListSearch,
  loaderDeps: ({ search }) => search,
  // A failed call is shown by the screen (its error line), not by the router's error page.
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(paramListQuery(deps)).catch(() => null),
  component: ParamListScreen,
})
