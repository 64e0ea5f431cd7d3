import { createFileRoute } from '@tanstack/react-router'
import { lazyFormRoute } from '../../components/resource/lazyRoutes'
import { CardTransactionsOfCard } from '../../features/cardTransactions/CardTransactionsOfCard'
import { CardDetailScreen } from '../../features/cards/CardDetailScreen'

export const Route = createFileRoute('/main/cards-balance-view-card-detail')({
  ...lazyFormRoute(() => import('../../features/cards/resource').then((m) => m.cardResource)),
  component: CardDetailWithTransactions,
})

/** The card detail, then its transactions and the sandbox panel (features compose here). */
function CardDetailWithTransactions() {
  const { id } = Route.useSearch()
  return (
    <>
      <CardDetailScreen />
      {id ? <CardTransactionsOfCard cardId={id} /> : null}
    </>
  )
}
