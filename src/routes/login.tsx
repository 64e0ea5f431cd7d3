import { createFileRoute, redirect } from '@tanstack/react-router'
import { z } from 'zod'
import { hasFullSession, readUser } from '../api/storage'
import { LoginScreen } from '../features/auth/LoginScreen'
import { safeFrom } from '../features/auth/signIn'
import { landingPath } from '../lib/menuModel'

export const Route = createFileRoute('/login')({
  // Where to go after sign-in (spec §2: the guard puts the original full path here).
  validateSearch: z.object({ from: z.string().max(2000).optional().catch(undefined) }),
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
