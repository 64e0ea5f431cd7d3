import { Button, Callout, Text } from '@radix-ui/themes'
import { getRouteApi, Link as RouterLink } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { PublicPage } from './PublicPage'

const route = getRouteApi('/registerResult')

/** /registerResult: the application was received; the review's outcome comes by e-mail. */
export function RegisterResultScreen() {
  const { t } = useTranslation('auth')
  const { id } = route.useSearch()
  return (
    <PublicPage title={t('registerResult.title')}>
      <Callout.Root color="green" role="status">
        <Callout.Text>
          {id ? t('registerResult.received', { id }) : t('registerResult.receivedNoId')}
        </Callout.Text>
      </Callout.Root>
      <Text as="p" size="2">
        {t('registerResult.next')}
      </Text>
      <Button asChild>
        <RouterLink to="/login">{t('backToLogin')}</RouterLink>
      </Button>
    </PublicPage>
  )
}
