import { createFileRoute } from '@tanstack/react-router'
import { lazyFormRoute } from '../../components/resource/lazyRoutes'
import { EmailAccountFormScreen } from '../../features/mail/EmailAccountFormScreen'

export const Route = createFileRoute('/main/email-account-save')({
  ...lazyFormRoute(() =>
    import('../../features/mail/resource').then((m) => m.emailAccountResource),
  ),
  component: EmailAccountFormScreen,
})
