import { Text } from '@radix-ui/themes'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { ListLayout, type ListAction } from '../../components/list'
import { useButtonCodes } from '../../components/permissions/useButtons'
import { useFieldColumns, type Display } from '../../components/resource/fieldValues'
import { useResourceList } from '../../components/resource/useResourceList'
import { CardStatusBadge } from '../../components/format/CardStatusBadge'
import { shownCardStatus } from '../../lib/cardExpiry'
import { cards } from '../../resources/cards'
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

/** What the card list and detail draw beyond the fields' widgets. */
export const cardDisplay: Display<Card> = {
  maskedNumber: (r) => <CardNumber card={r} />,
  status: (r) => <CardStatusBadge status={shownCardStatus(r)} />,
}
const CARD_WIDTHS = { maskedNumber: 200, currency: 100 }

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

  const columns = useFieldColumns(cards, cardDisplay, {}, { width: CARD_WIDTHS })

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
