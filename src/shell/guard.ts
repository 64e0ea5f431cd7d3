/**
 * The /main guard (spec §2): no session → /login?from=<full path>; menus loaded on the first
 * protected navigation (then read from the cache); a configured screen outside the user's
 * menus → /error-401?from=<full path>. The bare /main goes to the user's landing page.
 */
import type { QueryClient } from '@tanstack/react-query'
import { redirect } from '@tanstack/react-router'
import { ApiError } from '../api/client'
import { hasFullSession, readUser } from '../api/storage'
import { ALL_NAMESPACES, loadNamespaces } from '../i18n'
import { LANGUAGES } from '../i18n/languages'
import { loadSearchSchemas, takeUncheckedSearch } from '../lib/lazySearch'
import { isPathPermitted, normalisePath } from '../lib/access'
import type { MenuModel } from '../lib/menuModel'
import { landingPath } from '../lib/screens'
import { menuModelOf, menuQueryOptions } from './menus/queries'
import { loadSession } from './session/load'

/**
 * What the signed-in console needs before its first page, none of it in the sign-in pages'
 * first load: the session machine (before the first call, so a 401 reaches it), every
 * namespace of the language (the shell's also in every language: the palette finds actions by
 * any language's wording), and the search schemas of the protected routes.
 */
function prepareShell(): Promise<unknown> {
  return Promise.all([
    loadSession(),
    loadNamespaces(ALL_NAMESPACES),
    loadNamespaces(['shell'], LANGUAGES),
    loadSearchSchemas(),
  ])
}

interface GuardInput {
  location: { pathname: string; href: string; search: unknown; hash: string }
  queryClient: QueryClient
}

const toLogin = (from: string) => redirect({ to: '/login', search: { from } } as never)

export async function guardMain({ location, queryClient }: GuardInput): Promise<{
  menus: MenuModel
}> {
  if (!hasFullSession()) throw toLogin(location.href)
  await prepareShell()
  let model: MenuModel
  try {
    model = menuModelOf(await queryClient.ensureQueryData(menuQueryOptions()))
  } catch (e) {
    // The session machine has heard the 401 and cleared the session; do not render the shell.
    if (e instanceof ApiError && (e.status === 401 || e.code === 401)) throw toLogin(location.href)
    throw e
  }
  if (normalisePath(location.pathname) === '/main') {
    throw redirect({ to: landingPath(readUser()?.landingPage), replace: true } as never)
  }
  if (!isPathPermitted(location.pathname, model.names)) {
    throw redirect({ to: '/error-401', search: { from: location.href } } as never)
  }
  // This match was made before the search schemas arrived: make it again with them.
  if (takeUncheckedSearch()) {
    throw redirect({
      to: location.pathname,
      search: location.search,
      hash: location.hash,
      replace: true,
    } as never)
  }
  return { menus: model }
}
