/**
 * A resource's standard route options (its search, and a loader that warms its query) without
 * the resource in the route tree: the definitions (zod) and the queries load with the page, not in
 * every page's first load (/login's included). A route under /main writes
 *
 *   ...lazyListRoute(() => import('../../features/param/resource').then((m) => m.paramResource)),
 *
 * and gets the resource's search types and a loader that warms its list query (a failed call is
 * shown by the screen, not by the router's error page).
 */
import type { QueryClient } from '@tanstack/react-query'
import { lazySearch } from '../../lib/lazySearch'
import type { resourceClient } from './client'

type Client = ReturnType<typeof resourceClient>
type Loader<D> = { context: { queryClient: QueryClient }; deps: D }
// Any resource's client (a real one is checked by `resourceClient` against the contract).
type Query = Parameters<QueryClient['ensureQueryData']>[0]
interface ListClient {
  search: Client['search']
  listQuery: (search: never) => unknown
}
interface FormClient {
  formSearch: Client['formSearch']
  detailQuery: (id: number) => unknown
}

export function lazyListRoute<C extends ListClient>(load: () => Promise<C>) {
  type Search = Parameters<C['listQuery']>[0]
  return {
    validateSearch: lazySearch(() => load().then((c) => c.search as C['search'])),
    loaderDeps: ({ search }: { search: Search }) => search,
    loader: ({ context, deps }: Loader<Search>) =>
      load()
        .then((c) => context.queryClient.ensureQueryData(c.listQuery(deps as never) as Query))
        .catch(() => null),
  }
}

export function lazyFormRoute<C extends FormClient>(load: () => Promise<C>) {
  return {
    validateSearch: lazySearch(() => load().then((c) => c.formSearch)),
    loaderDeps: ({ search }: { search: { id?: number } }) => ({ id: search.id }),
    loader: ({ context, deps }: Loader<{ id?: number }>) =>
      deps.id
        ? load()
            .then((c) => context.queryClient.ensureQueryData(c.detailQuery(deps.id!) as Query))
            .catch(() => null)
        : null,
  }
}
