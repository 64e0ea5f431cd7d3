/**
 * Page titles: "<page> - <product name>" (spec §1), on every route, following the language.
 *
 * HOW A ROUTE GETS ITS TITLE (for every engineer adding routes):
 *   export const Route = createFileRoute('/login')({
 *     staticData: { title: 'auth:title.login' },   // an i18n key, not text
 *     component: LoginScreen,
 *   })
 * The deepest matched route with `staticData.title` wins. Routes under /main that name no
 * title get `menu:<screen name>` from the screen registry (src/lib/screens.ts) by their URL,
 * so a screen listed there needs nothing more. The root route renders <DocumentTitle /> once;
 * nothing else writes document.title.
 */
import { useMatches } from '@tanstack/react-router'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { menuKey, type MessageKey } from '../i18n/keys'
import { screenByUrl } from '../lib/screens'

const NOT_FOUND_TITLE: MessageKey = 'shell:error404.title'

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** i18n key of the page name shown in the browser title, e.g. 'shell:error401.title'. */
    title?: MessageKey
  }
}

/** The i18n key of the page name for the current matches, or undefined (product name only). */
export function titleKeyOf(
  matches: readonly {
    staticData?: { title?: MessageKey }
    pathname: string
    status?: string
    /** Set on the match whose notFoundComponent shows an unmatched path (router internal). */
    _notFound?: boolean
  }[],
): MessageKey | undefined {
  // Nothing matched the path: the not-found screen is showing, whatever route holds it.
  if (matches.some((m) => m._notFound || m.status === 'notFound')) return NOT_FOUND_TITLE
  for (let i = matches.length - 1; i >= 0; i--) {
    const key = matches[i].staticData?.title
    if (key) return key
  }
  const leaf = matches[matches.length - 1]
  const screen = leaf ? screenByUrl.get(stripTrailingSlash(leaf.pathname)) : undefined
  return screen ? menuKey(screen.name) : undefined
}

function stripTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path
}

/** "<page> - <product name>", or the product name alone. */
export function titleText(page: string, product: string): string {
  return page ? `${page} - ${product}` : product
}

/** Keeps document.title in step with the route and the language. Rendered once, by the root. */
export function DocumentTitle(): null {
  const { t, i18n } = useTranslation()
  const matches = useMatches()
  const key = titleKeyOf(matches)
  const product = t('common:productName')
  const page = key ? t(key) : ''
  useEffect(() => {
    document.title = titleText(page, product)
  }, [page, product, i18n.language])
  return null
}
