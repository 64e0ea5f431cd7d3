import { createFileRoute } from '@tanstack/react-router'
import { LegalScreen } from '../features/auth/LegalScreen'

export const Route = createFileRoute('/masterServiceAgreement')({
  staticData: { title: 'auth:title.masterServiceAgreement', namespaces: ['legal'] },
  component: () => <LegalScreen doc="msa" />,
})
