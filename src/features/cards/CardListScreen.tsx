import { Text } from '@radix-ui/themes'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { DateTimeText } from '../../components/format/DateTimeText'
import { ListLayout, type Column, type ListAction } from '../../components/list'
import { useButtonCodes } from '../../components/permissions/useButtons'
import { useResourceList } from '../../components/resource/useResourceList'
import { Money } from '../../components/format/Money'
import { CardStatusBadge } from '../../components/format/CardStatusBadge'
import { shownCardStatus } from '../../lib/cardExpiry'
import { cardOperations, operationRefusal, type Card } from './operations'
import { AWAITING_CHANNEL, cardResource } from './resource'

const route = getRouteApi('/main/cards-balance')

/** The masked number, or what is shown while the channel has not issued the card. */
export function CardNumber({ card }: { card: Pick<Card, 'maskedNumber'> }) {
  const { t } = useTranslation()
  return card.maskedNumber ? (
    <Text className="tabular" style={{ fontFamily: 'var(--code-font-family)' }}>
      {card.maskedNumber}
    </Text>
  ) : (
    <Text color="gray">{t('cards:cardList.notYetIssued')}</Text>
  )
}

/**
 * cards-balance: the cards of the merchants the user reaches, masked. While any card shown is
 * being created the page asks again, so creation results appear without a reload.
 */
export function CardListScreen() {
  const { t } = useTranslation()
  // The server's wording of the refusal (a namespace loaded after sign-in).
  const { t: refusal } = useTranslation('refusals')
  const navigate = useNavigate()
  const { codes: held } = useButtonCodes()
  const screen = useResourceList({
    client: cardResource,
    search: route.useSearch(),
    refetchWhile: (rows) => rows.some((r) => AWAITING_CHANNEL.has(r.status)),
  })
  const actions = useMemo<ListAction<Card>[]>(
    () => [
      ...screen.layout.actions.filter((a) => a.id === 'add' || a.id === 'export'),
      {
        id: 'view',
        label: t('cards:cardList.view'),
        needs: 'one',
        run: ([row]) =>
          navigate({ to: '/main/cards-balance-view-card-detail', search: { id: row.id } }),
      },
      ...cardOperations.map((op): ListAction<Card> => ({
        id: op.id,
        label: t(op.label),
        needs: 'one',
        denied: !held.has(op.button),
        refuses: (row) => {
          const why = operationRefusal(op, row)
          if (why === 'expired') return refusal('cardOps.cardExpired')
          if (why === 'pending') return refusal('cardOps.pendingTransactions')
          return why
            ? t('cards:cardList.notAllowed', { status: t(`cards:cardList.states.${row.status}`) })
            : undefined
        },
        run: ([row]) => op.run(row),
      })),
    ],
    [screen.layout.actions, navigate, t, refusal, held],
  )

  const columns = useMemo<Column<Card>[]>(
    () => [
      {
        id: 'number',
        label: t('cards:cardList.number'),
        hideable: false,
        width: 200,
        render: (r) => <CardNumber card={r} />,
      },
      { id: 'alias', label: t('cards:cardList.alias'), sortField: 'alias', render: (r) => r.alias },
      { id: 'cardholder', label: t('cards:cardList.cardholder'), render: (r) => r.cardholderName },
      { id: 'merchant', label: t('cards:cardList.merchant'), render: (r) => r.merchantName },
      { id: 'bin', label: t('cards:cardList.bin'), render: (r) => r.bin },
      {
        id: 'currency',
        label: t('cards:cardList.currency'),
        width: 100,
        render: (r) => r.currency,
      },
      {
        id: 'available',
        label: t('cards:cardList.available'),
        render: (r) => <Money minor={r.available} currency={r.currency} />,
      },
      {
        id: 'status',
        label: t('cards:cardList.status'),
        render: (r) => <CardStatusBadge status={shownCardStatus(r)} />,
      },
      {
        id: 'createdAt',
        label: t('common:createdAt'),
        sortField: 'createdAt',
        width: 180,
        render: (r) => <DateTimeText iso={r.createdAt} />,
      },
    ],
    [t],
  )

  return (
    <>
      <ListLayout
        {...screen.layout}
        actions={actions}
        columns={columns}
        rowLabel={(r) => r.alias || r.maskedNumber || `#${r.id}`}
        onOpen={(r) =>
          navigate({ to: '/main/cards-balance-view-card-detail', search: { id: r.id } })
        }
      />
      {screen.exportDialog}
    </>
  )
}
