import { Badge, Callout, DataList, Flex, Table, Text } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { useSearch } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { call } from '../../api/client'
import { FormPage } from '../../components/form'
import { readUser } from '../../api/storage'
import { lookUp } from '../../lib/codeLabels'
import { formatDateTime } from '../../lib/dateTime'
import type { MessageKey } from '../../i18n/keys'

/** A button code's action (`<screen>:<action>`) as its label, `menu:button.<action>`. */
const buttonText = (t: Parameters<typeof lookUp>[0], code: string) =>
  lookUp(t, `menu:button.${code.slice(code.indexOf(':') + 1)}` as MessageKey)

/**
 * The rights shown are today's, never those of the moment of an entry the screen was opened
 * from: it says so, naming that entry's time (rights are not kept per entry).
 */
function TodayNotice({ at }: { at?: string }) {
  const { t } = useTranslation(['audit'])
  const when =
    at && !Number.isNaN(Date.parse(at))
      ? formatDateTime(at, { timeZone: readUser()?.timezone })
      : undefined
  return (
    <Callout.Root color="amber" data-testid="rights-today">
      <Callout.Text>
        {when ? t('audit:rights.today', { at: when }) : t('audit:rights.todayPlain')}
      </Callout.Text>
    </Callout.Root>
  )
}

/**
 * audit-user-rights: why a user may do what it does — each menu and button it holds, the role
 * that grants it, and for which merchants. The audit log's entries open it for their user.
 */
export function UserRightsScreen() {
  const { t } = useTranslation(['audit', 'menu'])
  const { userId, at } = useSearch({ strict: false }) as { userId?: number; at?: string }
  const rights = useQuery({
    queryKey: ['audit', 'rights', userId],
    queryFn: () => call('/audit/userRights', { userId: userId! }),
    enabled: !!userId,
  })
  const r = rights.data
  return (
    <FormPage title={t('audit:rights.title')}>
      {rights.isError || !userId ? (
        <Callout.Root color="red">
          <Callout.Text>{t('audit:rights.notFound')}</Callout.Text>
        </Callout.Root>
      ) : r ? (
        <Flex direction="column" gap="4" data-testid="user-rights">
          <TodayNotice at={at} />
          <DataList.Root>
            <DataList.Item>
              <DataList.Label>{t('audit:rights.user')}</DataList.Label>
              <DataList.Value>{r.user.loginName}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>{t('audit:rights.role')}</DataList.Label>
              <DataList.Value>{r.role.name}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>{t('audit:rights.merchants')}</DataList.Label>
              <DataList.Value>
                {r.reach === 'platform'
                  ? t('audit:rights.platform')
                  : r.allMerchants
                    ? t('audit:rights.allMerchants')
                    : r.merchants.map((m) => m.name).join(', ')}
              </DataList.Value>
            </DataList.Item>
          </DataList.Root>
          <Table.Root size="1" variant="surface">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>{t('audit:rights.screen')}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{t('audit:rights.buttons')}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{t('audit:rights.grantedBy')}</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {r.menus.map((m) => (
                <Table.Row key={m.name}>
                  <Table.RowHeaderCell>
                    {lookUp(t, `menu:${m.name}` as MessageKey)}
                  </Table.RowHeaderCell>
                  <Table.Cell>
                    {m.buttons.length === 0 ? (
                      <Text color="gray">{t('audit:rights.noButtons')}</Text>
                    ) : (
                      <Flex gap="1" wrap="wrap">
                        {m.buttons.map((b) => (
                          <Badge key={b} variant="soft">
                            {buttonText(t, b)}
                          </Badge>
                        ))}
                      </Flex>
                    )}
                  </Table.Cell>
                  <Table.Cell>{m.grantedBy}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Flex>
      ) : null}
    </FormPage>
  )
}
