import { Card, DataList, Flex, Grid, Heading, Kbd, Link, Text } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { Link as RouterLink } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { profileQuery } from '../../api/profile'
import { ErrorNotice } from '../../components/feedback/ErrorNotice'
import { shortcutById, type ShortcutId } from '../../shell/shortcuts'
import { DashboardFigures } from './DashboardFigures'

/** How the registry shows a shortcut, so the text never disagrees with the keys. */
const key = (id: ShortcutId) => shortcutById.get(id)?.display ?? ''

/**
 * index: the landing page: welcome, the figures of the caller's reach (DashboardFigures), the
 * user's account and how to get around.
 */
export function DashboardScreen() {
  const { t } = useTranslation(['dashboard', 'common', 'menu'])
  const profile = useQuery(profileQuery())
  const p = profile.data
  const none = t('dashboard:none')
  return (
    <Flex direction="column" gap="4" p="4">
      <Flex direction="column" gap="1">
        <Heading as="h1" size="6">
          {p ? t('dashboard:welcome', { name: p.nickName || p.loginName }) : t('menu:index')}
        </Heading>
        <Text color="gray" size="2">
          {t('dashboard:lead')}
        </Text>
      </Flex>
      {profile.error ? <ErrorNotice error={profile.error} /> : null}
      <DashboardFigures />
      <Grid columns={{ initial: '1', md: '2' }} gap="4">
        <Card size="3">
          <Flex direction="column" gap="3">
            <Heading as="h2" size="4">
              {t('dashboard:myAccount')}
            </Heading>
            {p ? (
              <DataList.Root>
                <DataList.Item>
                  <DataList.Label>{t('dashboard:loginName')}</DataList.Label>
                  <DataList.Value>{p.loginName}</DataList.Value>
                </DataList.Item>
                <DataList.Item>
                  <DataList.Label>{t('dashboard:role')}</DataList.Label>
                  <DataList.Value>{p.roleName}</DataList.Value>
                </DataList.Item>
                <DataList.Item>
                  <DataList.Label>{t('dashboard:company')}</DataList.Label>
                  <DataList.Value>{p.company?.name ?? t('dashboard:platform')}</DataList.Value>
                </DataList.Item>
                <DataList.Item>
                  <DataList.Label>{t('dashboard:merchant')}</DataList.Label>
                  <DataList.Value>{p.merchant?.name ?? none}</DataList.Value>
                </DataList.Item>
                <DataList.Item>
                  <DataList.Label>{t('dashboard:email')}</DataList.Label>
                  <DataList.Value>{p.email ?? none}</DataList.Value>
                </DataList.Item>
                <DataList.Item>
                  <DataList.Label>{t('dashboard:timezone')}</DataList.Label>
                  <DataList.Value>{p.timezone}</DataList.Value>
                </DataList.Item>
              </DataList.Root>
            ) : (
              <Text color="gray">{t('common:loading')}</Text>
            )}
            <Link asChild size="2">
              <RouterLink to="/main/settings-profile">{t('dashboard:editProfile')}</RouterLink>
            </Link>
          </Flex>
        </Card>
        <Card size="3">
          <Flex direction="column" gap="3">
            <Heading as="h2" size="4">
              {t('dashboard:gettingAround')}
            </Heading>
            <Text as="p" size="2">
              {t('dashboard:palette')} <Kbd>{key('palette')}</Kbd>
            </Text>
            <Text as="p" size="2">
              {t('dashboard:cheatSheet')} <Kbd>{key('cheatSheet')}</Kbd>
            </Text>
            <Text as="p" size="2">
              {t('dashboard:lists', {
                down: key('listDown'),
                up: key('listUp'),
                select: key('listSelect'),
                open: key('listOpen'),
                add: key('listNew'),
                edit: key('listEdit'),
                filter: key('listFilter'),
              })}
            </Text>
          </Flex>
        </Card>
      </Grid>
    </Flex>
  )
}
