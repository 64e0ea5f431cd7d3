import { QueryClient } from '@tanstack/react-query'

/**
 * The console's server-data cache. Not part of a sign-in page's first load: the /main route
 * loads it and hands it to its pages as `context.queryClient`; the public pages that read
 * through it (register) wrap themselves in its provider (docs/console-shell.md).
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false } },
})
