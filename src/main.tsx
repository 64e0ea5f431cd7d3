import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { RouterProvider } from '@tanstack/react-router'
import './themeStyles'
import { currentLanguage } from './i18n'
import { createAppRouter } from './router'
import { PRERENDERED_ATTRIBUTE, PRERENDERED_PATH } from './lib/prerenderedPage'

const router = createAppRouter()
const container = document.getElementById('root')!
const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
)

function render() {
  container.replaceChildren()
  container.removeAttribute(PRERENDERED_ATTRIBUTE)
  container.hidden = false
  createRoot(container).render(app)
}

// The server sent the sign-in page already rendered (src/lib/prerenderedPage.ts), in this
// browser's language and not hidden by its fix-up script: the console takes it over instead of
// drawing it again. Hydration renders what the build rendered, so the route's code and text are
// loaded first; a browser that goes elsewhere (signed in, say) renders as usual.
const prerendered =
  container.getAttribute(PRERENDERED_ATTRIBUTE) === currentLanguage() && !container.hidden
if (prerendered) {
  void router.load().then(() => {
    if (router.state.matches.at(-1)?.fullPath !== PRERENDERED_PATH) return render()
    // As a router hydrated by TanStack's own SSR client: it then renders the route tree with
    // the server's boundaries (no suspense boundary around the root match).
    router.ssr = { manifest: undefined }
    hydrateRoot(container, app)
  })
} else {
  render()
}
