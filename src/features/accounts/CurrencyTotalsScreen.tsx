import { Flex, Heading, Table } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { call } from '../../api/client'
import { Money } from './Money'
import { ACCOUNTS_QUERY_KEY } from './resource'

/** accounts-balance-currency-list: totals per currency over the balances in the caller's reach. */
export function CurrencyTotalsScreen() {
  const { t } = useTranslation(['accounts', 'menu'])
  const { data = [], error } = useQuery({
    queryKey: [...ACCOUNTS_QUERY_KEY, 'currencyList'],
    queryFn: () => call('/accounts/balance/currencyList', {}),
  })
  return (
    <Flex direction="column" gap="3" p="4">
      <Heading as="h1" size="5">
        {t('accounts:totals')}
      </Heading>
      {error && <p role="alert">{error.message}</p>}
      <Table.Root variant="surface" aria-label={t('accounts:totals')}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>{t('accounts:currency')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('accounts:merchants')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('accounts:posted')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('accounts:pending')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('accounts:available')}</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {data.map((r) => (
            <Table.Row key={r.currency}>
              <Table.RowHeaderCell>{r.currency}</Table.RowHeaderCell>
              <Table.Cell>{r.merchants}</Table.Cell>
              <Table.Cell>
                <Money minor={r.posted} currency={r.currency} />
              </Table.Cell>
              <Table.Cell>
                <Money minor={r.pending} currency={r.currency} />
              </Table.Cell>
              <Table.Cell>
                <Money minor={r.available} currency={r.currency} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Flex>
  )
}
