import { Link } from '@radix-ui/themes'
import { Link as RouterLink, useNavigate } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { call } from '../../api/client'
import { FormShell, TextInput, useZodForm } from '../../components/form'
import { email } from '../../lib/validators'
import { PublicPage } from './PublicPage'

const forgotForm = z.object({ email })

/** /forgotpassword: an e-mail address (spec: "Please enter your email address" when empty). */
export function ForgotPasswordScreen() {
  const { t } = useTranslation('auth')
  const navigate = useNavigate()
  const form = useZodForm({
    schema: forgotForm,
    initial: { email: '' },
    submit: async (body) => {
      await call('/public/password/reset/send_email', body)
      await navigate({ to: '/sendEmailSuccess', search: { email: body.email } })
    },
  })
  return (
    <PublicPage title={t('forgot.title')} lead={t('forgot.lead')}>
      <FormShell form={form} label={t('forgot.title')} submitLabel={t('forgot.submit')}>
        <TextInput
          form={form}
          name="email"
          type="email"
          label={t('forgot.email')}
          autoComplete="email"
          required
          autoFocus
        />
      </FormShell>
      <Link asChild size="2">
        <RouterLink to="/login">{t('backToLogin')}</RouterLink>
      </Link>
    </PublicPage>
  )
}
