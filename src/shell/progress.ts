/**
 * Spec §2: a progress bar at every navigation start, cleared when it settles (trickle 50 ms),
 * and the index.html loading placeholder removed after the first navigation. The bar's code
 * (nprogress) is fetched at the first navigation after the page has loaded: the first load has
 * its own placeholder, and does not carry it.
 */
import type { AnyRouter } from '@tanstack/react-router'

type NProgress = typeof import('nprogress')

let bar: Promise<NProgress> | null = null

function loadBar(): Promise<NProgress> {
  bar ??= Promise.all([import('nprogress'), import('nprogress/nprogress.css')]).then(
    ([{ default: NProgress }]) => {
      // NProgress's own template gives the bar role="bar", which is not an ARIA role (axe:
      // aria-roles); without it, the bar is found by its class (else nprogress cannot draw it).
      NProgress.configure({
        trickleSpeed: 50,
        showSpinner: false,
        template: '<div class="bar"><div class="peg"></div></div>',
        barSelector: '.bar',
      })
      return NProgress
    },
  )
  return bar
}

function removeLoadingPlaceholder() {
  document.getElementById('app-loading')?.remove()
}

export function trackNavigationProgress(router: AnyRouter): () => void {
  // Whether the bar is wanted now: a load that finishes first never shows it.
  let running = false
  const offStart = router.subscribe('onBeforeNavigate', () => {
    running = true
    void loadBar().then((p) => running && p.start())
  })
  const offDone = router.subscribe('onResolved', () => {
    running = false
    void bar?.then((p) => p.done())
    removeLoadingPlaceholder()
  })
  // The first navigation may have settled before this ran (the root mounts after it).
  if (router.state.status === 'idle') removeLoadingPlaceholder()
  return () => {
    offStart()
    offDone()
    running = false
    void bar?.then((p) => p.done())
  }
}
