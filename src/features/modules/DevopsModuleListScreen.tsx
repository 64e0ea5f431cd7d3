import { Badge, Button, Flex, Heading, Table, Text } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { ErrorNotice } from '../../components/feedback/ErrorNotice'
import { useScreenButtons } from '../../components/permissions/useButtons'
import { devopsModuleListQuery } from './api'
import { labelIn } from './labels'

/**
 * devops-module-list: the devops modules (the DevOps dashboard's sections and the operations
 * pages) and the roles that hold each; edit one (devops-module-save) or choose a role's
 * (role-devops-module-saveinfo).
 */
export function DevopsModuleListScreen() {
  const { t, i18n } = useTranslation(['modules', 'common'])
  const list = useQuery(devopsModuleListQuery())
  const can = useScreenButtons('devops-module-list', ['edit']).can
  // Choosing a role's modules is devops-module-management's button (who holds which).
  const mayGrant = useScreenButtons('devops-module-management', ['grant']).can('grant')
  return (
    <Flex direction="column" gap="4" p="4">
      <Flex justify="between" align="start" gap="3" wrap="wrap">
        <Flex direction="column" gap="1">
          <Heading as="h1" size="6">
            {t('modules:devops.title')}
          </Heading>
          <Text color="gray" size="2">
            {t('modules:devops.lead')}
          </Text>
        </Flex>
        {mayGrant ? (
          <Button asChild>
            <Link to="/main/role-devops-module-saveinfo">{t('modules:devops.grant')}</Link>
          </Button>
        ) : null}
      </Flex>
      {list.error ? <ErrorNotice error={list.error} /> : null}
      <Table.Root variant="surface" size="1">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>{t('modules:modules.name')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('modules:modules.seq')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('modules:modules.disabled')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('modules:devops.roles')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {(list.data ?? []).map((m) => {
            const name = labelIn(m.language, i18n.language)
            return (
              <Table.Row key={m.id}>
                <Table.RowHeaderCell>{name}</Table.RowHeaderCell>
                <Table.Cell>{m.seq}</Table.Cell>
                <Table.Cell>{m.disabled ? t('common:yes') : t('common:no')}</Table.Cell>
                <Table.Cell>
                  <Flex gap="1" wrap="wrap">
                    {m.roles.length
                      ? m.roles.map((r) => (
                          <Button key={r.id} size="1" variant="ghost" asChild>
                            <Link to="/main/role-devops-module-saveinfo" search={{ roleId: r.id }}>
                              <Badge variant="soft">{r.name}</Badge>
                            </Link>
                          </Button>
                        ))
                      : t('modules:devops.none')}
                  </Flex>
                </Table.Cell>
                <Table.Cell>
                  {can('edit') ? (
                    <Button size="1" variant="soft" asChild>
                      <Link
                        to="/main/devops-module-save"
                        search={{ id: m.id }}
                        aria-label={`${t('modules:modules.edit')} ${name}`}
                      >
                        {t('modules:modules.edit')}
                      </Link>
                    </Button>
                  ) : null}
                </Table.Cell>
              </Table.Row>
            )
          })}
        </Table.Body>
      </Table.Root>
    </Flex>
  )
}
