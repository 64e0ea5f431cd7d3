import { Button, Callout, Link } from '@radix-ui/themes'
import { getRouteApi, Link as RouterLink } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { call } from '../../api/client'
import { FormShell, useZodForm } from '../../components/form'
import { NewPasswordFields } from './NewPasswordFields'
import { newPasswordForm } from '../../resources/account'
import { PublicPage } from './PublicPage'

const route = getRouteApi('/resetPassword')

/** /resetPassword?token=…: the e-mailed link; a new password typed twice. */
export function ResetPasswordScreen() {
  const { t } = useTranslation('auth')
  const { token } = route.useSearch()
  const [done, setDone] = useState(false)
  const form = useZodForm({
    schema: newPasswordForm,
    initial: { newPassword: '', confirmPassword: '' },
    submit: async (body) => {
      await call('/public/password/reset', { ...body, token: token ?? '' })
      setDone(true)
    },
  })

  if (!token) {
    return (
      <PublicPage title={t('reset.title')}>
        <Callout.Root color="red" role="alert">
          <Callout.Text>{t('reset.noToken')}</Callout.Text>
        </Callout.Root>
        <Link asChild size="2">
          <RouterLink to="/forgotpassword">{t('sent.again')}</RouterLink>
        </Link>
      </PublicPage>
    )
  }
  if (done) {
    return (
      <PublicPage title={t('reset.title')}>
        <Callout.Root color="green" role="status">
          <Callout.Text>{t('passwordChanged')}</Callout.Text>
        </Callout.Root>
        <Button asChild>
          <RouterLink to="/login">{t('backToLogin')}</RouterLink>
        </Button>
      </PublicPage>
    )
  }
  return (
    <PublicPage title={t('reset.title')} lead={t('passwordRule')}>
      <FormShell form={form} label={t('reset.title')} submitLabel={t('reset.submit')}>
        <NewPasswordFields form={form} />
      </FormShell>
      <Link asChild size="2">
        <RouterLink to="/login">{t('backToLogin')}</RouterLink>
      </Link>
    </PublicPage>
  )
}
