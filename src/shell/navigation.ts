/**
 * Navigating to an href kept as text (a tab's last page, a `from` return path): the router
 * wants a path and a parsed search object, not a string with a query.
 */
import type { AnyRouter } from '@tanstack/react-router'

export function hrefTarget(
  router: AnyRouter,
  href: string,
): { to: string; search: Record<string, unknown>; hash?: string } {
  const [beforeHash, hash] = href.split('#', 2)
  const q = beforeHash.indexOf('?')
  const to = q === -1 ? beforeHash : beforeHash.slice(0, q)
  const search = q === -1 ? {} : router.options.parseSearch(beforeHash.slice(q))
  return { to, search, hash }
}

export function navigateToHref(
  router: AnyRouter,
  href: string,
  opts: { replace?: boolean } = {},
): Promise<void> {
  return router.navigate({ ...hrefTarget(router, href), ...opts } as never)
}
