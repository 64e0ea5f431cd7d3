import { Flex, Heading, Table } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { call } from '../../api/client'
import { CARD_TXN_QUERY_KEY } from './resource'
import { useCardTxnColumns } from './CardTransactionListScreen'
import { SandboxPanel } from './SandboxPanel'

/**
 * The card detail's transactions part: the sandbox panel (for users with the simulate button)
 * and the card's latest 20 transactions, newest first, with the list's columns. The whole list
 * with filters and export is cards-transactions.
 */
export function CardTransactionsOfCard({ cardId }: { cardId: number }) {
  const { t } = useTranslation(['cards', 'menu'])
  const columns = useCardTxnColumns()
  const { data } = useQuery({
    queryKey: [...CARD_TXN_QUERY_KEY, 'of-card', cardId],
    queryFn: () =>
      call('/card-transactions/list', {
        pageNum: 1,
        pageSize: 20,
        sort: { field: 'occurredAt', order: 'desc' },
        filters: { card: String(cardId) },
      }),
  })
  return (
    <Flex direction="column" gap="4" px="4" pb="4" maxWidth="960px">
      <SandboxPanel cardId={cardId} />
      <section aria-label={t('menu:cards-transactions')}>
        <Heading as="h2" size="3" mb="2">
          {t('menu:cards-transactions')}
        </Heading>
        <Table.Root size="1" aria-label={t('menu:cards-transactions')}>
          <Table.Header>
            <Table.Row>
              {columns.map((c) => (
                <Table.ColumnHeaderCell key={c.id}>{c.label}</Table.ColumnHeaderCell>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {(data?.list ?? []).map((r) => (
              <Table.Row key={r.id}>
                {columns.map((c) => (
                  <Table.Cell key={c.id}>{c.render(r)}</Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </section>
    </Flex>
  )
}
