import { createFileRoute } from '@tanstack/react-router'
import { lazyFormRoute } from '../../components/resource/lazyRoutes'
import { EmailAccountViewScreen } from '../../features/mail/EmailAccountViewScreen'

export const Route = createFileRoute('/main/email-account-view')({
  ...lazyFormRoute(() =>
    import('../../features/mail/resource').then((m) => m.emailAccountResource),
  ),
  component: EmailAccountViewScreen,
})
