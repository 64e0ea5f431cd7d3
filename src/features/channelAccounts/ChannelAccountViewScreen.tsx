import { DataList, Flex, Text } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { useSearch } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { call } from '../../api/client'
import { EditRecord, FormPage } from '../../components/form'
import { YesNo } from '../../components/format/YesNo'
import { formatMoney } from '../../lib/money'
import type { channelAccounts } from '../../resources/channelAccounts'
import type { RowOf } from '../../resources/kit'
import { channelAccountResource } from './resource'

type Account = RowOf<typeof channelAccounts>

/** The names of the companies the account is visible to, from the caller's company tree. */
export function useCompanyNames() {
  return useQuery({
    queryKey: ['/org/companyTree', 'names'],
    queryFn: async () => {
      const names = new Map<number, string>()
      const walk = (nodes: Awaited<ReturnType<typeof call<'/org/companyTree'>>>) =>
        nodes.forEach((n) => {
          names.set(n.id, n.name)
          walk(n.childs)
        })
      walk(await call('/org/companyTree'))
      return names
    },
  })
}

function ChannelAccountView({ account }: { account: Account }) {
  const { t } = useTranslation(['transfers', 'common'])
  const names = useCompanyNames().data
  const rows: [string, React.ReactNode][] = [
    [t('transfers:channel.channel'), account.channelName],
    [t('transfers:currency'), account.currency],
    [t('transfers:balance'), formatMoney(account.balance, account.currency)],
    [t('transfers:channel.bankName'), account.bankName],
    [t('transfers:channel.accountName'), account.accountName],
    [t('transfers:channel.accountNumber'), account.accountNumber],
    [t('transfers:channel.swift'), account.swift],
    [t('transfers:channel.bankCode'), account.bankCode],
    [t('transfers:channel.branchCode'), account.branchCode],
    [t('transfers:channel.location'), account.location],
    [t('transfers:channel.address'), account.address],
    [t('transfers:channel.active'), <YesNo key="active" value={account.active} />],
    [
      t('transfers:channel.companies'),
      account.companyIds.length
        ? account.companyIds.map((id) => names?.get(id) ?? `#${id}`).join(', ')
        : t('transfers:channel.noCompanies'),
    ],
  ]
  return (
    <FormPage title={t('transfers:channel.viewTitle')}>
      <DataList.Root data-testid="channel-account-view">
        {rows.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.Label>{label}</DataList.Label>
            <DataList.Value>{value || <Text color="gray">—</Text>}</DataList.Value>
          </DataList.Item>
        ))}
      </DataList.Root>
    </FormPage>
  )
}

/** accounts-channel-view: one channel account's bank details, balance and companies. */
export function ChannelAccountViewScreen() {
  const { t } = useTranslation(['transfers', 'refusals'])
  const { id } = useSearch({ strict: false }) as { id?: number }
  return (
    <Flex direction="column">
      <EditRecord
        id={id}
        query={channelAccountResource.detailQuery}
        title={t('transfers:channel.viewTitle')}
        error={id ? null : new Error(t('refusals:transfers.channelAccountNotFound'))}
      >
        {(account) => (account ? <ChannelAccountView account={account} /> : null)}
      </EditRecord>
    </Flex>
  )
}
