/** Tab moves shared by the tab bar, the shortcuts and the palette. */
import type { AnyRouter } from '@tanstack/react-router'
import { readUser } from '../../api/storage'
import { normalisePath } from '../../lib/access'
import { landingPath } from '../../lib/menuModel'
import { closeTab, neighbourTab } from '../../lib/tabs'
import { navigateToHref } from '../navigation'
import { getTabs, setTabs } from './store'

const here = (router: AnyRouter) => normalisePath(router.state.location.pathname)

/** Closes a tab; closing the page on screen moves to its neighbour (or home when none is left). */
export async function closeCurrentOrTab(router: AnyRouter, path = here(router)): Promise<void> {
  const { tabs, next } = closeTab(getTabs(), path, here(router))
  setTabs(tabs)
  if (path !== here(router)) return
  const target = next?.href ?? landingPath(readUser()?.landingPage)
  // Going home re-opens its tab, which is right: the page on screen always has one.
  await navigateToHref(router, target)
}

export async function moveTab(router: AnyRouter, step: 1 | -1): Promise<void> {
  const target = neighbourTab(getTabs(), here(router), step)
  if (target) await navigateToHref(router, target.href)
}
