import { Badge, Flex } from '@radix-ui/themes'
import { getRouteApi } from '@tanstack/react-router'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Money } from '../../components/format/Money'
import { ListLayout, type ListAction } from '../../components/list'
import { useFieldColumns } from '../../components/resource/fieldValues'
import { useResourceList } from '../../components/resource/useResourceList'
import type { RowOf } from '../../resources/kit'
import { cardTransactions } from '../../resources/cardTransactions'
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

type Txn = RowOf<typeof cardTransactions>
const tabular = { fontVariantNumeric: 'tabular-nums' } as const

/** The columns of a card transaction list (also the card detail's). */
export function useCardTxnColumns() {
  const { t } = useTranslation(['cards', 'common'])
  const { resultLabel, statusLabel } = useCardTxnLabels()
  const money = (minor: number, r: Txn) => <Money minor={minor} currency={r.cardCurrency} />
  return useFieldColumns(cardTransactions, {
    // A purchase's clearing and refunds so far: the Cleared column of cleared purchases adds
    // up to the dashboard's spend. A refund's own amount is its card amount.
    clearedAmount: (r) =>
      r.type === 'purchase' && r.status === 'success' ? money(r.clearedAmount, r) : '—',
    refundedAmount: (r) =>
      r.type === 'purchase' && r.refundedAmount > 0 ? money(r.refundedAmount, r) : '—',
    status: (r) =>
      r.partlyCleared ? (
        <Badge color="blue" variant="soft" highContrast>
          {t('txn.partlyCleared')}
        </Badge>
      ) : (
        <Badge color={STATUS_COLORS[r.status] ?? 'gray'} variant="soft" highContrast>
          {statusLabel(r.status)}
        </Badge>
      ),
    result: (r) => resultLabel(r.result),
    cardMasked: (r) => <span style={tabular}>{r.cardMasked}</span>,
  })
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
