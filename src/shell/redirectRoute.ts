/**
 * The spec's generic redirect helper (/redirect/<path>, /main/redirect/<path>): it sends the
 * browser straight on to /<path> with the same search, replacing itself in history. Passing
 * through it re-creates the page, which is how "reload this page" works without a page load.
 */
import { redirect } from '@tanstack/react-router'

export function redirectOnward(splat: string | undefined, search: Record<string, unknown>): never {
  const path = `/${(splat ?? '').replace(/^\/+/, '')}`
  // A path that leads back here would loop; home is the sensible end.
  const loops = /^\/(main\/)?redirect(\/|$)/.test(path)
  throw redirect({ to: loops ? '/' : path, search: loops ? {} : search, replace: true } as never)
}
