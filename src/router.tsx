import { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import type { Namespace } from './i18n/keys'
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
  interface StaticDataRouteOption {
    /**
     * Public pages: i18n namespaces shown beyond the base ones and the title's, loaded before
     * the page renders (src/i18n/index.ts). Pages under /main need none: the shell loads every
     * namespace of the language.
     */
    namespaces?: Namespace[]
  }
}
