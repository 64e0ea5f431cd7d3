import { createFileRoute } from '@tanstack/react-router'
import { ForgotPasswordScreen } from '../features/auth/ForgotPasswordScreen'

export const Route = createFileRoute('/forgotpassword')({
  staticData: { title: 'auth:title.forgotPassword' },
  component: ForgotPasswordScreen,
})
