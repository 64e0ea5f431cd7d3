import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from '@tanstack/react-router'
import './themeStyles'
import './i18n'
import { router } from './router'

// The first page's code is fetched while its text loads: the router itself asks for it only once
// the root's beforeLoad (the text, src/i18n/index.ts) has finished. A failure is left to the
// router, which asks again.
const [firstRoutes] = router.getMatchedRoutes(router.latestLocation.pathname)
for (const route of firstRoutes) void router.loadRouteChunk(route)?.catch(() => undefined)

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
)
