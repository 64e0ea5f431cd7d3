import { Theme } from '@radix-ui/themes'
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { Toaster } from '../components/feedback/Toaster'
import { BASE_NAMESPACES, loadNamespaces, namespacesOf } from '../i18n'
import type { RouterContext } from '../router'
import { NotFoundScreen } from '../shell/errors/ErrorPage'
import { ExpiredNotice } from '../shell/session/ExpiredNotice'
import { useSessionLoaded } from '../shell/session/load'
import '../shell/base.css'
import { useAppearance } from '../shell/theme'
import { DocumentTitle } from '../shell/title'
import { useShellRuntime } from '../shell/useShellRuntime'

// Comes with the session machine (src/shell/session/load.ts), never on a first sign-in page.
const SessionWarningDialog = lazy(() =>
  import('../shell/session/SessionWarningDialog').then((m) => ({
    default: m.SessionWarningDialog,
  })),
)

export const Route = createRootRouteWithContext<RouterContext>()({
  // Before anything renders, in the current language: the text every page can show, the
  // namespace of each matched route's title and those it names in `staticData.namespaces`.
  beforeLoad: ({ matches }) =>
    loadNamespaces([...BASE_NAMESPACES, ...matches.flatMap((m) => namespacesOf(m.staticData))]),
  component: RootLayout,
  notFoundComponent: NotFoundScreen,
})

function RootLayout() {
  const appearance = useAppearance()
  const sessionLoaded = useSessionLoaded()
  useShellRuntime()
  return (
    <Theme appearance={appearance} accentColor="indigo" grayColor="slate" radius="medium">
      <DocumentTitle />
      <ExpiredNotice />
      <Outlet />
      {sessionLoaded ? (
        <Suspense fallback={null}>
          <SessionWarningDialog />
        </Suspense>
      ) : null}
      <Toaster />
    </Theme>
  )
}
