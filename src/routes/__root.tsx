import { Theme } from '@radix-ui/themes'
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { Toaster } from '../components/feedback/Toaster'
import type { RouterContext } from '../router'
import { NotFoundScreen } from '../shell/errors/ErrorPage'
import { ExpiredNotice } from '../shell/session/ExpiredNotice'
import { startSession } from '../shell/session/runtime'
import { SessionWarningDialog } from '../shell/session/SessionWarningDialog'
import '../shell/shell.css'
import { useAppearance } from '../shell/theme'
import { DocumentTitle } from '../shell/title'
import { useShellRuntime } from '../shell/useShellRuntime'

// Before any route loads: a 401 from the first protected navigation must find the machine.
startSession()

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundScreen,
})

function RootLayout() {
  const appearance = useAppearance()
  useShellRuntime()
  return (
    <Theme appearance={appearance} accentColor="indigo" grayColor="slate" radius="medium">
      <DocumentTitle />
      <ExpiredNotice />
      <Outlet />
      <SessionWarningDialog />
      <Toaster />
    </Theme>
  )
}
