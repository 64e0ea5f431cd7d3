import { createRouter } from '@tanstack/react-router'
import type { Namespace } from './i18n/keys'
import { routeTree } from './routeTree.gen'

/**
 * What every route's context holds. Nothing yet at the root: the query client comes with the
 * /main route (`context.queryClient` in the pages under it), so that it is not in the sign-in
 * pages' first load.
 */
export type RouterContext = Record<string, never>

/** The router under the configured base path (BASE_PATH at build time). */
export const router = createRouter({
  routeTree,
  basepath: __BASE_PATH__,
  context: {} satisfies RouterContext,
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
