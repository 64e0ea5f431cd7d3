import { Button, Flex, Link } from '@radix-ui/themes'
import { getRouteApi, Link as RouterLink } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { call } from '../../api/client'
import { readUser } from '../../api/storage'
import { toast } from '../../components/feedback/toast'
import { FormShell, TextInput, useZodForm } from '../../components/form'
import { verifyCodeForm } from '../../resources/account'
import { SignInFirst } from './FirstTimeLoginScreen'
import { PublicPage } from './PublicPage'
import { afterSignIn } from './signIn'
import { useGoNext } from './useGoNext'

const route = getRouteApi('/vaildatecode')

/** /vaildatecode: the six-digit code e-mailed at sign-in, with a resend. */
export function VerifyCodeScreen() {
  const { t } = useTranslation(['auth', 'common'])
  const { from } = route.useSearch()
  const goNext = useGoNext()
  const [resending, setResending] = useState(false)
  const user = readUser()
  const form = useZodForm({
    schema: verifyCodeForm,
    initial: { code: '' },
    submit: async (body) => goNext(afterSignIn(await call('/login/verifyCode', body), from)),
  })

  const resend = async () => {
    setResending(true)
    try {
      await call('/public/password/send/code')
      toast.success(t('code.resent'))
    } catch (err) {
      toast.error(err instanceof Error ? err.message : t('common:failed'))
    } finally {
      setResending(false)
    }
  }

  if (!user?.token) return <SignInFirst title={t('code.title')} />
  return (
    <PublicPage title={t('code.title')} lead={t('code.lead')}>
      <FormShell
        form={form}
        label={t('code.title')}
        submitLabel={t('code.submit')}
        extra={
          <Button type="button" variant="soft" loading={resending} onClick={() => void resend()}>
            {t('code.resend')}
          </Button>
        }
      >
        <TextInput
          form={form}
          name="code"
          label={t('code.label')}
          autoComplete="one-time-code"
          maxLength={6}
          required
          autoFocus
        />
      </FormShell>
      <Flex>
        <Link asChild size="2">
          <RouterLink to="/login">{t('backToLogin')}</RouterLink>
        </Link>
      </Flex>
    </PublicPage>
  )
}
