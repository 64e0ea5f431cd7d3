import { Flex, Heading } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { call } from '../../api/client'
import { ColumnTable } from '../../components/list'
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
        <ColumnTable
          columns={columns}
          rows={data?.list ?? []}
          rowKey={(r) => r.id}
          label={t('menu:cards-transactions')}
        />
      </section>
    </Flex>
  )
}
