import { createFileRoute } from '@tanstack/react-router'
import { LegalScreen } from '../features/auth/LegalScreen'

export const Route = createFileRoute('/masterServiceAgreement')({
  staticData: { title: 'auth:title.masterServiceAgreement' },
  component: () => <LegalScreen doc="msa" />,
})
