import { createFileRoute } from '@tanstack/react-router'
import { FirstTimeLoginScreen } from '../features/auth/FirstTimeLoginScreen'
import { textParam } from '../lib/searchParams'

export const Route = createFileRoute('/firstTimeLogin')({
  // Where to go after sign-in (spec §2: the guard puts the original full path here); or the
  // activation mail's one-time token (a new administrator's first password).
  validateSearch: (search: Record<string, unknown>) => ({
    ...textParam('from', 2000)(search),
    ...textParam('token', 200)(search),
  }),
  staticData: { title: 'auth:title.firstTimeLogin' },
  component: FirstTimeLoginScreen,
})
