import { createFileRoute } from '@tanstack/react-router'
import { lazyListRoute } from '../../components/resource/lazyRoutes'
import { addCardOps, CardOpHost } from '../../features/cardOps/CardOpHost'
import { CardListScreen } from '../../features/cards/CardListScreen'
import { cardOperations } from '../../features/cards/operations'

// The card operations (cards-ops) in the list's toolbar and palette, their dialogs beside it.
addCardOps(cardOperations)

export const Route = createFileRoute('/main/cards-balance')({
  ...lazyListRoute(() => import('../../features/cards/resource').then((m) => m.cardResource)),
  component: CardsPage,
})

function CardsPage() {
  return (
    <>
      <CardListScreen />
      <CardOpHost />
    </>
  )
}
