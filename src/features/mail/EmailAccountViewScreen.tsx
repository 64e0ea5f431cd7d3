import { ObjectHistory } from '../../components/audit/ObjectHistory'
import { Badge, Button, Flex, Table, Text, TextField } from '@radix-ui/themes'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError, call } from '../../api/client'
import { toast } from '../../components/feedback/toast'
import { resourceViewScreen } from '../../components/resource/ResourceView'
import type { EmailAccount } from '../../resources/emailAccounts'
import { emailAccountResource } from './resource'

const failed = (e: unknown) => toast.error(e instanceof ApiError ? e.message : String(e))

/** The records the sender domain needs, and what the last check found published. */
function DnsRecords({ account }: { account: EmailAccount }) {
  const { t } = useTranslation(['outbox'])
  return (
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
  )
}

/** Looks the records up again now; the view shows what was found. */
function CheckDns({ id }: { id: number }) {
  const { t } = useTranslation(['outbox'])
  const queries = useQueryClient()
  const check = useMutation({
    mutationFn: () => call('/email-account/check-dns', { id }),
    onSuccess: () => queries.invalidateQueries({ queryKey: ['mail'] }),
    onError: failed,
  })
  return (
    <Button variant="soft" onClick={() => check.mutate()} loading={check.isPending}>
      {t('emailAccount.checkDns')}
    </Button>
  )
}

/** Queues a test mail through the account (a send record shows how it went). */
function SendTest({ id }: { id: number }) {
  const { t } = useTranslation(['outbox'])
  const queries = useQueryClient()
  const [to, setTo] = useState('')
  const test = useMutation({
    mutationFn: () => call('/email-account/send-test', { id, to }),
    onSuccess: async () => {
      toast.success(t('emailAccount.testQueued'))
      await queries.invalidateQueries({ queryKey: ['mail'] })
    },
    onError: failed,
  })
  return (
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
  )
}

/** email-account-view (?id=): one sender account, its DNS records checked, and a test mail. */
export const EmailAccountViewScreen = resourceViewScreen({
  client: emailAccountResource,
  title: 'menu:email-account-view',
  display: { host: (r) => `${r.host}:${r.port}` },
  back: 'outbox:emailAccount.back',
  sections: [{ title: 'outbox:emailAccount.dnsRecords', body: (r) => <DnsRecords account={r} /> }],
  actions: (r, can) => (can('edit') ? <CheckDns id={r.id} /> : null),
  after: (r, can) => (
    <>
      {can('edit') ? <SendTest id={r.id} /> : null}
      <ObjectHistory type="email-account" id={r.id} />
    </>
  ),
})
