import { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { routeTree } from './routeTree.gen'

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false } },
})

export interface RouterContext {
  queryClient: QueryClient
}

/** The router under the configured base path (BASE_PATH at build time). */
export const router = createRouter({
  routeTree,
  basepath: __BASE_PATH__,
  context: { queryClient } satisfies RouterContext,
  defaultPreload: false,
  scrollRestoration: true,
})

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
}
