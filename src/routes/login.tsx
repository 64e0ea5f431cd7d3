import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { LoginScreen } from '../features/auth/LoginScreen'

export const Route = createFileRoute('/login')({
  // Where to go after sign-in (spec §2: the guard puts the original full path here).
  validateSearch: z.object({ from: z.string().max(2000).optional().catch(undefined) }),
  staticData: { title: 'auth:title.login' },
  component: LoginScreen,
})
