import { createFileRoute } from '@tanstack/react-router'
import { ResetPasswordScreen } from '../features/auth/ResetPasswordScreen'
import { textParam } from '../lib/searchParams'

export const Route = createFileRoute('/resetPassword')({
  // The e-mailed link's one-time token.
  validateSearch: textParam('token', 200),
  staticData: { title: 'auth:title.resetPassword' },
  component: ResetPasswordScreen,
})
