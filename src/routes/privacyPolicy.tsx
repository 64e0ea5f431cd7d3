import { createFileRoute } from '@tanstack/react-router'
import { LegalScreen } from '../features/auth/LegalScreen'

export const Route = createFileRoute('/privacyPolicy')({
  staticData: { title: 'auth:title.privacyPolicy', namespaces: ['legal'] },
  component: () => <LegalScreen doc="privacy" />,
})
