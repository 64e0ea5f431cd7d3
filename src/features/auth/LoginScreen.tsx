import { Flex, Link, Text } from '@radix-ui/themes'
import { getRouteApi, Link as RouterLink } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { call } from '../../api/client'
import { FormShell, TextInput, useZodForm } from '../../components/form'
import { text } from '../../lib/validators'
import { PublicPage } from './PublicPage'
import { afterSignIn } from './signIn'
import { useGoNext } from './useGoNext'

const route = getRouteApi('/login')

/** The server's LoginBody: a password as typed (never trimmed, not held to today's rule). */
const loginForm = z.object({ loginName: text(), password: z.string().min(1).max(100) })

/**
 * /login: credentials. The spec's errors ("Incorrect account or password…", "login Failed",
 * the lock-out) are the server's localised answers, shown above the fields.
 */
export function LoginScreen() {
  const { t } = useTranslation('auth')
  const { from } = route.useSearch()
  const goNext = useGoNext()
  const form = useZodForm({
    schema: loginForm,
    initial: { loginName: '', password: '' },
    submit: async (body) => goNext(afterSignIn(await call('/login', body), from)),
  })
  return (
    <PublicPage title={t('login.title')} lead={t('login.lead')}>
      <FormShell form={form} label={t('login.title')} submitLabel={t('login.submit')}>
        <TextInput
          form={form}
          name="loginName"
          label={t('login.loginName')}
          autoComplete="username"
          required
          autoFocus
        />
        <TextInput
          form={form}
          name="password"
          type="password"
          label={t('login.password')}
          autoComplete="current-password"
          required
        />
      </FormShell>
      <Flex justify="between" wrap="wrap" gap="2">
        <Link asChild size="2">
          <RouterLink to="/forgotpassword">{t('login.forgot')}</RouterLink>
        </Link>
        <Text size="2">
          {t('login.noAccount')}{' '}
          <Link asChild underline="always">
            <RouterLink to="/register">{t('login.register')}</RouterLink>
          </Link>
        </Text>
      </Flex>
    </PublicPage>
  )
}
