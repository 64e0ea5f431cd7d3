import { Badge, Button, DataList, Flex, Heading, Table, Text, TextField } from '@radix-ui/themes'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useSearch } from '@tanstack/react-router'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError, call } from '../../api/client'
import { EditRecord, FormPage } from '../../components/form'
import { DateTimeText } from '../../components/format/DateTimeText'
import { YesNo } from '../../components/format/YesNo'
import { toast } from '../../components/feedback/toast'
import { useScreenButtons } from '../../components/permissions/useButtons'
import type { EmailAccount } from '../../resources/emailAccounts'
import { emailAccountResource } from './resource'

const failed = (e: unknown) => toast.error(e instanceof ApiError ? e.message : String(e))

function EmailAccountView({ account }: { account: EmailAccount }) {
  const { t } = useTranslation(['outbox', 'common', 'menu'])
  const queries = useQueryClient()
  const perms = useScreenButtons('email-account', ['edit'])
  const [to, setTo] = useState('')
  const check = useMutation({
    mutationFn: () => call('/email-account/check-dns', { id: account.id }),
    onSuccess: () => queries.invalidateQueries({ queryKey: ['mail'] }),
    onError: failed,
  })
  const test = useMutation({
    mutationFn: () => call('/email-account/send-test', { id: account.id, to }),
    onSuccess: async () => {
      toast.success(t('emailAccount.testQueued'))
      await queries.invalidateQueries({ queryKey: ['mail'] })
    },
    onError: failed,
  })
  const rows: [string, ReactNode][] = [
    [t('emailAccount.address'), account.address],
    [t('emailAccount.senderName'), account.senderName || '—'],
    [t('emailAccount.host'), `${account.host}:${account.port}`],
    [t('emailAccount.security'), t(`emailAccount.securityValue.${account.security}`)],
    [t('emailAccount.userName'), account.userName || '—'],
    [t('emailAccount.hasPassword'), <YesNo key="p" value={account.hasPassword} />],
    [t('emailAccount.status'), t(`emailAccount.statusValue.${account.status}`)],
    [t('emailAccount.isPublic'), <YesNo key="pub" value={account.isPublic} />],
    [t('emailAccount.isDefault'), <YesNo key="def" value={account.isDefault} />],
    [
      t('emailAccount.dnsCheckedAt'),
      account.dnsCheckedAt ? <DateTimeText key="c" iso={account.dnsCheckedAt} /> : '—',
    ],
    [t('emailAccount.remarks'), account.remarks || '—'],
  ]
  return (
    <FormPage title={t('menu:email-account-view')}>
      <Flex direction="column" gap="4">
        <DataList.Root data-testid="email-account-view">
          {rows.map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.Label>{label}</DataList.Label>
              <DataList.Value>{value}</DataList.Value>
            </DataList.Item>
          ))}
        </DataList.Root>
        <Heading as="h2" size="3">
          {t('emailAccount.dnsRecords')}
        </Heading>
        <Table.Root size="1" data-testid="dns-records">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>{t('emailAccount.dnsName')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('emailAccount.dnsType')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('emailAccount.dnsValue')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('emailAccount.dnsObserved')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('emailAccount.dnsVerified')}</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {account.dnsRecords.map((r) => (
              <Table.Row key={`${r.name} ${r.type} ${r.value}`}>
                <Table.Cell>{r.name}</Table.Cell>
                <Table.Cell>{r.type}</Table.Cell>
                <Table.Cell>{r.value}</Table.Cell>
                <Table.Cell>{r.observed?.length ? r.observed.join('; ') : '—'}</Table.Cell>
                <Table.Cell>
                  {r.checkedAt ? (
                    <Badge color={r.verified ? 'green' : 'red'} variant="soft" highContrast>
                      {t(r.verified ? 'emailAccount.dnsVerified' : 'emailAccount.dnsNotVerified')}
                    </Badge>
                  ) : (
                    <Text color="gray">—</Text>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
        {perms.can('edit') && (
          <Flex direction="column" gap="3">
            <Flex>
              <Button onClick={() => check.mutate()} loading={check.isPending}>
                {t('emailAccount.checkDns')}
              </Button>
            </Flex>
            <form
              onSubmit={(e) => {
                e.preventDefault()
                test.mutate()
              }}
            >
              <Flex gap="2" align="end">
                <label>
                  <Text as="div" size="2">
                    {t('emailAccount.testTo')}
                  </Text>
                  <TextField.Root
                    type="email"
                    value={to}
                    onChange={(e) => setTo(e.target.value)}
                    maxLength={100}
                  />
                </label>
                <Button type="submit" loading={test.isPending}>
                  {t('emailAccount.sendTest')}
                </Button>
              </Flex>
            </form>
          </Flex>
        )}
      </Flex>
    </FormPage>
  )
}

/** email-account-view: one sender account, its DNS records checked, and a test mail. */
export function EmailAccountViewScreen() {
  const { t } = useTranslation(['outbox', 'refusals', 'menu'])
  const { id } = useSearch({ strict: false }) as { id?: number }
  return (
    <EditRecord
      id={id}
      query={emailAccountResource.detailQuery}
      title={t('menu:email-account-view')}
      error={id ? null : new Error(t('refusals:emailAccount.notFound'))}
    >
      {(account) => (account ? <EmailAccountView account={account} /> : null)}
    </EditRecord>
  )
}
