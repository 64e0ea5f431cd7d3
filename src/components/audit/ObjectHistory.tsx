import { Flex, Heading, Link as UiLink, Table, Text } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { call } from '../../api/client'
import { auditTarget, type AuditObjectType } from '../../lib/auditTargets'
import { useMenuModel } from '../../shell/menus/queries'
import { DateTimeText } from '../format/DateTimeText'
import { actionText } from './auditText'
import { ChangesTable } from './auditChanges'

const SHOWN = 20

/**
 * One object's own history: the audit entries about it, newest first, each change with its
 * fields before and after. Shown only to users who hold the audit log. One line on a detail
 * screen: `<ObjectHistory type="cardholder" id={record.id} />`.
 */
export function ObjectHistory({ type, id }: { type: AuditObjectType; id: number }) {
  const { t } = useTranslation(['audit', 'dashboard'])
  const model = useMenuModel()
  const target = auditTarget(type, id)
  const allowed = !!model?.names.has('audit-log')
  const entries = useQuery({
    queryKey: ['audit', 'object', target],
    queryFn: () => call('/audit/list', { pageNum: 1, pageSize: SHOWN, filters: { target } }),
    enabled: allowed,
  })
  if (!allowed) return null
  const list = entries.data?.list ?? []
  return (
    <Flex direction="column" gap="2" data-testid="object-history">
      <Flex justify="between" align="center">
        <Heading as="h2" size="3">
          {t('audit:history.title')}
        </Heading>
        <UiLink asChild size="2">
          <Link to={'/main/audit-log' as never} search={{ target } as never}>
            {t('audit:history.openLog')}
          </Link>
        </UiLink>
      </Flex>
      {entries.isSuccess && list.length === 0 ? (
        <Text size="2" color="gray">
          {t('audit:history.none')}
        </Text>
      ) : (
        <Table.Root size="1">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>{t('audit:entry.fields.at')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('audit:entry.fields.loginName')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('audit:entry.fields.action')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('audit:detail.changes')}</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {list.map((e) => (
              <Table.Row key={e.id}>
                <Table.Cell>
                  <DateTimeText iso={e.at} />
                </Table.Cell>
                <Table.Cell>{e.loginName}</Table.Cell>
                <Table.Cell>{actionText(t, e.action)}</Table.Cell>
                <Table.Cell>
                  {e.detail.before || e.detail.after ? (
                    <ChangesTable type={type} detail={e.detail} />
                  ) : typeof e.detail.reason === 'string' ? (
                    `${t('audit:detail.reason')}: ${e.detail.reason}`
                  ) : null}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Flex>
  )
}
