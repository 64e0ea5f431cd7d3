import { Card, Flex, Heading } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { profileQuery } from '../../api/profile'
import { ErrorNotice } from '../../components/feedback/ErrorNotice'
import { PasswordForm } from './PasswordForm'
import { ProfileForm } from './ProfileForm'

/** settings-profile: the user's own name, language, timezone and password. */
export function SettingsProfileScreen() {
  const { t } = useTranslation(['settings', 'menu'])
  const profile = useQuery(profileQuery())
  return (
    <Flex direction="column" gap="4" p="4" maxWidth="720px">
      <Heading as="h1" size="5">
        {t('menu:settings-profile')}
      </Heading>
      {profile.error ? <ErrorNotice error={profile.error} /> : null}
      {profile.data ? (
        <Card size="3">
          <ProfileForm key={profile.data.loginName} profile={profile.data} />
        </Card>
      ) : null}
      <Card size="3">
        <PasswordForm />
      </Card>
    </Flex>
  )
}
