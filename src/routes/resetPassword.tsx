import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { ResetPasswordScreen } from '../features/auth/ResetPasswordScreen'

export const Route = createFileRoute('/resetPassword')({
  // The e-mailed link's one-time token.
  validateSearch: z.object({ token: z.string().max(200).optional().catch(undefined) }),
  staticData: { title: 'auth:title.resetPassword' },
  component: ResetPasswordScreen,
})
