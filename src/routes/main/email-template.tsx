import { createFileRoute } from '@tanstack/react-router'
import { lazyListRoute } from '../../components/resource/lazyRoutes'
import { EmailTemplateListScreen } from '../../features/emailTemplates/EmailTemplateListScreen'

export const Route = createFileRoute('/main/email-template')({
  ...lazyListRoute(() =>
    import('../../features/emailTemplates/resource').then((m) => m.emailTemplateResource),
  ),
  component: EmailTemplateListScreen,
})
