/**
 * The /main guard (spec §2): no session → /login?from=<full path>; menus loaded on the first
 * protected navigation (then read from the cache); a configured screen outside the user's
 * menus → /error-401?from=<full path>. The bare /main goes to the user's landing page.
 */
import type { QueryClient } from '@tanstack/react-query'
import { redirect } from '@tanstack/react-router'
import { ApiError } from '../api/client'
import { hasFullSession, readUser } from '../api/storage'
import { isPathPermitted, normalisePath } from '../lib/access'
import { landingPath, type MenuModel } from '../lib/menuModel'
import { menuModelOf, menuQueryOptions } from './menus/queries'

interface GuardInput {
  location: { pathname: string; href: string }
  queryClient: QueryClient
}

const toLogin = (from: string) => redirect({ to: '/login', search: { from } } as never)

export async function guardMain({ location, queryClient }: GuardInput): Promise<{
  menus: MenuModel
}> {
  if (!hasFullSession()) throw toLogin(location.href)
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
  return { menus: model }
}
