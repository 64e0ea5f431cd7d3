import { Button, Callout, Flex, Text } from '@radix-ui/themes'
import { getRouteApi, Link as RouterLink } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { PublicPage } from './PublicPage'

const route = getRouteApi('/sendEmailSuccess')

/** /sendEmailSuccess: the link is on its way; spec §9 says to advise waiting 5 minutes. */
export function SendEmailSuccessScreen() {
  const { t } = useTranslation('auth')
  const { email } = route.useSearch()
  return (
    <PublicPage title={t('sent.title')}>
      <Callout.Root color="green" role="status">
        <Callout.Text>{email ? t('sent.toAddress', { email }) : t('sent.generic')}</Callout.Text>
      </Callout.Root>
      <Text as="p" size="2">
        {t('sent.wait')}
      </Text>
      <Flex gap="3" wrap="wrap">
        <Button asChild>
          <RouterLink to="/login">{t('backToLogin')}</RouterLink>
        </Button>
        <Button asChild variant="soft">
          <RouterLink to="/forgotpassword">{t('sent.again')}</RouterLink>
        </Button>
      </Flex>
    </PublicPage>
  )
}
