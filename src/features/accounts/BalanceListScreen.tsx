import { Button, Flex, Heading, Link as TextLink } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { ColumnTable, ListLayout, type ListAction } from '../../components/list'
import { useButtonCodes, useScreenButtons } from '../../components/permissions/useButtons'
import { useFieldColumns } from '../../components/resource/fieldValues'
import { useResourceList } from '../../components/resource/useResourceList'
import { balances, bankAccounts } from '../../resources/accounts'
import type { RowOf } from '../../resources/kit'
import { balanceResource, bankResource } from './resource'

const route = getRouteApi('/main/accounts-balance')
type Balance = RowOf<typeof balances>

/**
 * accounts-balance: each merchant balance in reach (posted, pending, available); Enter opens its
 * movements. Below: the platform's receiving bank accounts, and a link to the totals per currency.
 */
export function BalanceListScreen({
  transfer,
}: {
  /** Opens a transfer from the row's balance (the route composes the transfer dialog). */
  transfer?: { label: string; open: (accountId: number) => void }
}) {
  const { t } = useTranslation(['accounts', 'common'])
  const mayTransfer = useButtonCodes().codes.has('accounts-transfer:transfer')
  const navigate = useNavigate()
  const screen = useResourceList({
    client: balanceResource,
    search: route.useSearch(),
    rowId: (r) => r.accountId,
    openForm: (row) =>
      row &&
      navigate({
        to: '/main/accounts-transactions',
        search: { merchant: row.ownerId, currency: row.currency },
      }),
  })
  const columns = useFieldColumns(balances)
  // Balances are never edited here: export, and a transfer from the row's balance.
  const actions = useMemo<ListAction<Balance>[]>(
    () => [
      ...screen.actions.filter((a) => a.id === 'export'),
      ...(transfer
        ? [
            {
              id: 'transfer',
              label: transfer.label,
              needs: 'one',
              denied: !mayTransfer,
              run: ([row]) => transfer.open(row.accountId),
            } satisfies ListAction<Balance>,
          ]
        : []),
    ],
    [screen.actions, transfer, mayTransfer],
  )
  return (
    <>
      <ListLayout
        {...screen.layout}
        actions={actions}
        viewOnly={false}
        columns={columns}
        rowLabel={(r) => `${r.ownerName} ${r.currency}`}
        header={
          <TextLink asChild>
            <Link to="/main/accounts-balance-currency-list">{t('accounts:totals')}</Link>
          </TextLink>
        }
      />
      {screen.exportDialog}
      <BankAccounts />
    </>
  )
}

/** The platform's receiving bank accounts: few rows, read by everyone, edited by the platform. */
function BankAccounts() {
  const { t } = useTranslation(['accounts', 'common'])
  const perms = useScreenButtons('accounts-balance', bankAccounts.buttons)
  const { data } = useQuery(bankResource.listQuery({ pageSize: 200 }))
  // The bank's name opens the account (its view: edit and delete there, by button).
  const columns = useFieldColumns(bankAccounts, {
    bankName: (b) => (
      <TextLink asChild>
        <Link to="/main/accounts-balance-view" search={{ id: b.id }}>
          {b.bankName}
        </Link>
      </TextLink>
    ),
  })
  return (
    <Flex direction="column" gap="3" p="4" aria-labelledby="bank-accounts-heading" asChild>
      <section>
        <Flex justify="between" align="center">
          <Heading as="h2" size="4" id="bank-accounts-heading">
            {t('accounts:bankAccounts')}
          </Heading>
          {perms.can('add') && (
            <Button asChild>
              <Link to="/main/accounts-balance-save">{t('accounts:addBankTitle')}</Link>
            </Button>
          )}
        </Flex>
        <ColumnTable
          columns={columns}
          rows={data?.list ?? []}
          rowKey={(b) => b.id}
          rowHeader="bankName"
          variant="surface"
        />
      </section>
    </Flex>
  )
}
