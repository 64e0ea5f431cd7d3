import { QueryClientProvider } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { RegisterScreen } from '../features/auth/RegisterScreen'
import { queryClient } from '../queryClient'

export const Route = createFileRoute('/register')({
  staticData: { title: 'auth:title.register', namespaces: ['form', 'wizard'] },
  component: RegisterPage,
})

/** The country list is read through the query cache, which public pages do not load first. */
function RegisterPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <RegisterScreen />
    </QueryClientProvider>
  )
}
