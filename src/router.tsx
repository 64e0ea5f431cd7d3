import { createRouter, type RouterHistory } from '@tanstack/react-router'
import type { Namespace } from './i18n/keys'
import { routeTree } from './routeTree.gen'

/**
 * What every route's context holds. Nothing yet at the root: the query client comes with the
 * /main route (`context.queryClient` in the pages under it), so that it is not in the sign-in
 * pages' first load.
 */
export type RouterContext = Record<string, never>

/**
 * The router under the configured base path (BASE_PATH at build time): on the browser's
 * history in the console, on a memory history where the sign-in page is rendered at build time
 * (src/prerender.tsx).
 */
export function createAppRouter(prerender?: { history: RouterHistory }) {
  return createRouter({
    routeTree,
    history: prerender?.history,
    isServer: prerender ? true : undefined,
    basepath: __BASE_PATH__,
    context: {} satisfies RouterContext,
    defaultPreload: false,
    // On the server it would add a restoring script the browser's render does not have.
    scrollRestoration: !prerender,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
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
