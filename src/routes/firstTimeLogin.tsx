import { createFileRoute } from '@tanstack/react-router'
import { FirstTimeLoginScreen } from '../features/auth/FirstTimeLoginScreen'
import { textParam } from '../lib/searchParams'

export const Route = createFileRoute('/firstTimeLogin')({
  // Where to go after sign-in (spec §2: the guard puts the original full path here).
  validateSearch: textParam('from', 2000),
  staticData: { title: 'auth:title.firstTimeLogin' },
  component: FirstTimeLoginScreen,
})
