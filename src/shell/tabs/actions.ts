/** Tab moves shared by the tab bar, the shortcuts and the palette. */
import type { AnyRouter } from '@tanstack/react-router'
import { readUser } from '../../api/storage'
import { normalisePath } from '../../lib/access'
import { landingPath } from '../../lib/screens'
import { closeTab, neighbourTab } from '../../lib/tabs'
import { navigateToHref } from '../navigation'
import { getTabs, setTabs } from './store'

const here = (router: AnyRouter) => normalisePath(router.state.location.pathname)

/**
 * Closes a tab; closing the page on screen moves to its neighbour (or home when none is left).
 * For the page on screen the move comes first and the tab goes only once the page has been
 * left: a form with unsaved changes asks "leave without saving?" (its route blocker), and
 * Stay keeps both the page and its tab. Other tabs hold no live page, so they just go.
 */
export async function closeCurrentOrTab(router: AnyRouter, path = here(router)): Promise<void> {
  const { tabs, next } = closeTab(getTabs(), path, here(router))
  const target = next?.href ?? landingPath(readUser()?.landingPage)
  if (path !== here(router) || normalisePath(target.split(/[?#]/)[0]) === path) {
    setTabs(tabs)
    if (path === here(router)) await navigateToHref(router, target)
    return
  }
  // Going home re-opens its tab, which is right: the page on screen always has one.
  await navigateToHref(router, target)
  if (here(router) === path) return
  setTabs(closeTab(getTabs(), path, here(router)).tabs)
}

export async function moveTab(router: AnyRouter, step: 1 | -1): Promise<void> {
  const target = neighbourTab(getTabs(), here(router), step)
  if (target) await navigateToHref(router, target.href)
}
