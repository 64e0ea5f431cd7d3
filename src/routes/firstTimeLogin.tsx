import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { FirstTimeLoginScreen } from '../features/auth/FirstTimeLoginScreen'

export const Route = createFileRoute('/firstTimeLogin')({
  // Where to go after sign-in (spec §2: the guard puts the original full path here).
  validateSearch: z.object({ from: z.string().max(2000).optional().catch(undefined) }),
  staticData: { title: 'auth:title.firstTimeLogin' },
  component: FirstTimeLoginScreen,
})
