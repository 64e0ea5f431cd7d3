import { createFileRoute } from '@tanstack/react-router'
import { RegisterScreen } from '../features/auth/RegisterScreen'

export const Route = createFileRoute('/register')({
  staticData: { title: 'auth:title.register', namespaces: ['form', 'wizard'] },
  component: RegisterScreen,
})
