import { createFileRoute, redirect } from '@tanstack/react-router'
import { hasFullSession, readUser } from '../api/storage'
import { LoginScreen } from '../features/auth/LoginScreen'
import { safeFrom } from '../features/auth/signIn'
import { landingPath } from '../lib/screens'
import { textParam } from '../lib/searchParams'

// Where to go after sign-in (spec §2: the guard puts the original full path here).
const loginSearch = textParam('from', 2000)

export const Route = createFileRoute('/login')({
  validateSearch: loginSearch,
  // Already signed in: no second sign-in; go where the sign-in would have led.
  beforeLoad: ({ search }) => {
    if (!hasFullSession()) return
    throw redirect({
      href: safeFrom(search.from) ?? landingPath(readUser()?.landingPage),
      replace: true,
    })
  },
  staticData: { title: 'auth:title.login' },
  component: LoginScreen,
})
