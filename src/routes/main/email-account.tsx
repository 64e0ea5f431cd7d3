import { createFileRoute } from '@tanstack/react-router'
import { lazyListRoute } from '../../components/resource/lazyRoutes'
import { EmailAccountListScreen } from '../../features/mail/EmailAccountListScreen'

export const Route = createFileRoute('/main/email-account')({
  ...lazyListRoute(() =>
    import('../../features/mail/resource').then((m) => m.emailAccountResource),
  ),
  component: EmailAccountListScreen,
})
