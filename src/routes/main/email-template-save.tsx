import { createFileRoute } from '@tanstack/react-router'
import { lazyFormRoute } from '../../components/resource/lazyRoutes'
import { EmailTemplateFormScreen } from '../../features/emailTemplates/EmailTemplateFormScreen'

export const Route = createFileRoute('/main/email-template-save')({
  ...lazyFormRoute(() =>
    import('../../features/emailTemplates/resource').then((m) => m.emailTemplateResource),
  ),
  component: EmailTemplateFormScreen,
})
