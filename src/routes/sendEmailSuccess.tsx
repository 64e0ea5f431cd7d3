import { createFileRoute } from '@tanstack/react-router'
import { SendEmailSuccessScreen } from '../features/auth/SendEmailSuccessScreen'
import { textParam } from '../lib/searchParams'

export const Route = createFileRoute('/sendEmailSuccess')({
  validateSearch: textParam('email', 100),
  staticData: { title: 'auth:title.sendEmailSuccess' },
  component: SendEmailSuccessScreen,
})
