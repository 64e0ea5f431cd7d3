/**
 * Spec §2: a progress bar at every navigation start, cleared when it settles (trickle 50 ms),
 * and the index.html loading placeholder removed after the first navigation.
 */
import type { AnyRouter } from '@tanstack/react-router'
import NProgress from 'nprogress'
import 'nprogress/nprogress.css'

// NProgress's own template gives the bar role="bar", which is not an ARIA role (axe:
// aria-roles); without it, the bar is found by its class (else nprogress cannot draw it).
NProgress.configure({
  trickleSpeed: 50,
  showSpinner: false,
  template: '<div class="bar"><div class="peg"></div></div>',
  barSelector: '.bar',
})

function removeLoadingPlaceholder() {
  document.getElementById('app-loading')?.remove()
}

export function trackNavigationProgress(router: AnyRouter): () => void {
  const offStart = router.subscribe('onBeforeNavigate', () => NProgress.start())
  const offDone = router.subscribe('onResolved', () => {
    NProgress.done()
    removeLoadingPlaceholder()
  })
  // The first navigation may have settled before this ran (the root mounts after it).
  if (router.state.status === 'idle') removeLoadingPlaceholder()
  return () => {
    offStart()
    offDone()
    NProgress.done()
  }
}
