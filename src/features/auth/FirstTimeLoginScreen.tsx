import { Callout, Link } from '@radix-ui/themes'
import { getRouteApi, Link as RouterLink } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { call } from '../../api/client'
import { readUser } from '../../api/storage'
import { FormShell, useZodForm } from '../../components/form'
import { NewPasswordFields } from './NewPasswordFields'
import { newPasswordForm } from '../../resources/account'
import { PublicPage } from './PublicPage'
import { afterSignIn } from './signIn'
import { useGoNext } from './useGoNext'

const route = getRouteApi('/firstTimeLogin')

/**
 * /firstTimeLogin: a new account (or one an administrator reset) must choose its own password
 * before anything else. The answer is the next sign-in step (a code, or the console). With
 * `?token=` (the activation mail's link) the link itself is the sign-in.
 */
export function FirstTimeLoginScreen() {
  const { t } = useTranslation('auth')
  const { from, token } = route.useSearch()
  const goNext = useGoNext()
  const user = readUser()
  const form = useZodForm({
    schema: newPasswordForm,
    initial: { newPassword: '', confirmPassword: '' },
    submit: async (body) =>
      goNext(
        afterSignIn(
          token
            ? await call('/public/activation', { ...body, token })
            : await call('/public/password/updatePermissions', body),
          from,
        ),
      ),
  })

  // The activation mail's link: the new administrator's first password, then signed in.
  if (token) {
    return (
      <PublicPage title={t('firstTime.title')} lead={t('firstTime.activationLead')}>
        <Callout.Root color="blue" size="1">
          <Callout.Text>{t('passwordRule')}</Callout.Text>
        </Callout.Root>
        <FormShell form={form} label={t('firstTime.title')} submitLabel={t('firstTime.submit')}>
          <NewPasswordFields form={form} />
        </FormShell>
      </PublicPage>
    )
  }
  if (!user?.token) return <SignInFirst title={t('firstTime.title')} />
  return (
    <PublicPage title={t('firstTime.title')} lead={t('firstTime.lead', { name: user.userName })}>
      <Callout.Root color="blue" size="1">
        <Callout.Text>{t('passwordRule')}</Callout.Text>
      </Callout.Root>
      <FormShell form={form} label={t('firstTime.title')} submitLabel={t('firstTime.submit')}>
        <NewPasswordFields form={form} />
      </FormShell>
      <Link asChild size="2">
        <RouterLink to="/login">{t('backToLogin')}</RouterLink>
      </Link>
    </PublicPage>
  )
}

/** A sign-in step opened without a sign-in in progress (a bookmark, another tab's sign-out). */
export function SignInFirst({ title }: { title: string }) {
  const { t } = useTranslation('auth')
  return (
    <PublicPage title={title}>
      <Callout.Root color="amber" highContrast role="alert">
        <Callout.Text>{t('signInFirst')}</Callout.Text>
      </Callout.Root>
      <Link asChild size="2">
        <RouterLink to="/login">{t('backToLogin')}</RouterLink>
      </Link>
    </PublicPage>
  )
}
