import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { RegisterResultScreen } from '../features/auth/RegisterResultScreen'

export const Route = createFileRoute('/registerResult')({
  // The application number the server gave.
  validateSearch: z.object({ id: z.number().int().positive().optional().catch(undefined) }),
  staticData: { title: 'auth:title.registerResult' },
  component: RegisterResultScreen,
})
