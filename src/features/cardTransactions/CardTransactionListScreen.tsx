import { Badge, Flex } from '@radix-ui/themes'
import { getRouteApi } from '@tanstack/react-router'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { DateTimeText } from '../../components/format/DateTimeText'
import { ListLayout, type Column, type ListAction } from '../../components/list'
import { useResourceList } from '../../components/resource/useResourceList'
import type { RowOf } from '../../resources/kit'
import type { cardTransactions } from '../../resources/cardTransactions'
import { formatMoney } from '../../lib/money'
import { useCardTxnLabels } from './labels'
import { cardTransactionResource } from './resource'
import { SandboxPanel } from './SandboxPanel'
import { useSimulate, type FollowUpKind } from './useSimulate'

const route = getRouteApi('/main/cards-transactions')

const STATUS_COLORS: Record<string, 'green' | 'amber' | 'red' | 'gray'> = {
  success: 'green',
  pending: 'amber',
  rejected: 'red',
  cancel: 'gray',
}

/** An amount in its currency's format (spec §9), digits aligned. */
const Money = ({ minor, currency }: { minor: number; currency: string }) => (
  <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatMoney(minor, currency)}</span>
)
type Txn = RowOf<typeof cardTransactions>

/** The columns of a card transaction list (also the card detail's). */
export function useCardTxnColumns(): Column<Txn>[] {
  const { t } = useTranslation(['cards', 'common'])
  const { resultLabel, statusLabel, typeLabel } = useCardTxnLabels()
  return useMemo<Column<Txn>[]>(
    () => [
      {
        id: 'occurredAt',
        label: t('txn.occurredAt'),
        sortField: 'occurredAt',
        width: 180,
        render: (r) => <DateTimeText iso={r.occurredAt} />,
      },
      {
        id: 'merchantAmount',
        label: t('txn.merchantAmount'),
        render: (r) => <Money minor={r.merchantAmount} currency={r.merchantCurrency} />,
      },
      { id: 'exchangeRate', label: t('txn.exchangeRate'), render: (r) => r.exchangeRate },
      {
        id: 'cardAmount',
        label: t('txn.cardAmount'),
        sortField: 'cardAmount',
        render: (r) => <Money minor={r.cardAmount} currency={r.cardCurrency} />,
      },
      // A purchase's clearing and refunds so far: the Cleared column of cleared purchases adds
      // up to the dashboard's spend. A refund's own amount is its card amount.
      {
        id: 'clearedAmount',
        label: t('txn.clearedAmount'),
        render: (r) =>
          r.type === 'purchase' && r.status === 'success' ? (
            <Money minor={r.clearedAmount} currency={r.cardCurrency} />
          ) : (
            '—'
          ),
      },
      {
        id: 'refundedAmount',
        label: t('txn.refundedAmount'),
        render: (r) =>
          r.type === 'purchase' && r.refundedAmount > 0 ? (
            <Money minor={r.refundedAmount} currency={r.cardCurrency} />
          ) : (
            '—'
          ),
      },
      { id: 'authCode', label: t('txn.authCode'), render: (r) => r.authCode ?? '—' },
      { id: 'type', label: t('txn.type'), render: (r) => typeLabel(r.type) },
      {
        id: 'status',
        label: t('txn.status'),
        render: (r) =>
          r.partlyCleared ? (
            <Badge color="blue" variant="soft" highContrast>
              {t('txn.partlyCleared')}
            </Badge>
          ) : (
            <Badge color={STATUS_COLORS[r.status] ?? 'gray'} variant="soft" highContrast>
              {statusLabel(r.status)}
            </Badge>
          ),
      },
      { id: 'result', label: t('txn.result'), render: (r) => resultLabel(r.result) },
      { id: 'region', label: t('txn.region'), render: (r) => r.region },
      { id: 'merchantName', label: t('txn.merchantName'), render: (r) => r.merchantName },
      { id: 'description', label: t('txn.description'), render: (r) => r.description },
      {
        id: 'cardMasked',
        label: t('txn.card'),
        render: (r) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{r.cardMasked}</span>,
      },
      { id: 'ownerName', label: t('txn.merchant'), render: (r) => r.ownerName },
    ],
    [t, resultLabel, statusLabel, typeLabel],
  )
}

/**
 * cards-transactions: every authorisation and refund the channel reported for the cards in
 * reach. With the simulate button, the selected row's follow-ups (clear, reverse, expire,
 * refund) are list actions and the sandbox panel simulates an authorisation on a card.
 */
export function CardTransactionListScreen() {
  const { t } = useTranslation(['cards', 'refusals'])
  const screen = useResourceList({ client: cardTransactionResource, search: route.useSearch() })
  const { resultLabel } = useCardTxnLabels()
  const simulate = useSimulate()
  const { perms } = screen
  const columns = useCardTxnColumns()
  const actions = useMemo<ListAction<Txn>[]>(() => {
    const followUp = (
      id: 'clear' | 'reverse' | 'expire' | 'refund',
      kind: FollowUpKind,
      needs: 'pending' | 'success',
    ): ListAction<Txn> => ({
      id: `sandbox-${id}`,
      label: t(`txn.sandbox.${id}`),
      needs: 'one',
      denied: !perms.can('simulate'),
      refuses: (r) =>
        r.type === 'purchase' &&
        r.status === needs &&
        // A refund (of all that is left) needs something left to refund.
        (needs === 'pending' || r.clearedAmount > r.refundedAmount)
          ? undefined
          : t(
              needs === 'pending'
                ? 'refusals:cardTxn.notPending'
                : 'refusals:cardTxn.refundNotAllowed',
            ),
      run: ([row]) => simulate.mutateAsync({ kind, body: { transactionId: row.id } }),
    })
    return [
      followUp('clear', 'clearing', 'pending'),
      followUp('reverse', 'reversal', 'pending'),
      followUp('expire', 'expiry', 'pending'),
      followUp('refund', 'refund', 'success'),
      screen.actions.find((a) => a.id === 'export')!,
    ]
  }, [t, perms, simulate, screen.actions])
  return (
    <Flex direction="column" gap="4">
      <SandboxPanel />
      <ListLayout
        {...screen.layout}
        actions={actions}
        columns={columns}
        rowLabel={(r) => `${r.merchantName} ${r.cardMasked} ${resultLabel(r.result)}`}
      />
      {screen.exportDialog}
    </Flex>
  )
}
