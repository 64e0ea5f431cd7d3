import { createFileRoute } from '@tanstack/react-router'
import { lazyFormRoute } from '../../components/resource/lazyRoutes'
import { addCardOps, CardOpHost } from '../../features/cardOps/CardOpHost'
import { CardTransactionsOfCard } from '../../features/cardTransactions/CardTransactionsOfCard'
import { CardDetailScreen } from '../../features/cards/CardDetailScreen'
import { cardOperations } from '../../features/cards/operations'

// The card operations (cards-ops) in the detail's action bar, their dialogs beside it.
addCardOps(cardOperations)

export const Route = createFileRoute('/main/cards-balance-view-card-detail')({
  ...lazyFormRoute(() => import('../../features/cards/resource').then((m) => m.cardResource)),
  component: CardDetailPage,
})

/** The card detail with its operations, then its transactions and the sandbox panel (features compose here). */
function CardDetailPage() {
  const { id } = Route.useSearch()
  return (
    <>
      <CardDetailScreen />
      <CardOpHost />
      {id ? <CardTransactionsOfCard cardId={id} /> : null}
    </>
  )
}
