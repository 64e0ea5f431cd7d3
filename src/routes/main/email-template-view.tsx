import { createFileRoute } from '@tanstack/react-router'
import { lazyFormRoute } from '../../components/resource/lazyRoutes'
import { EmailTemplateViewScreen } from '../../features/emailTemplates/EmailTemplateViewScreen'

export const Route = createFileRoute('/main/email-template-view')({
  ...lazyFormRoute(() =>
    import('../../features/emailTemplates/resource').then((m) => m.emailTemplateResource),
  ),
  component: EmailTemplateViewScreen,
})
