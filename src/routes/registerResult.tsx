import { createFileRoute } from '@tanstack/react-router'
import { RegisterResultScreen } from '../features/auth/RegisterResultScreen'
import { idParam } from '../lib/searchParams'

export const Route = createFileRoute('/registerResult')({
  // The application number the server gave.
  validateSearch: idParam('id'),
  staticData: { title: 'auth:title.registerResult' },
  component: RegisterResultScreen,
})
