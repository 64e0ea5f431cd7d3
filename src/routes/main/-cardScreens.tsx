/**
 * The card screens composed from three features (features never import each other): the card
 * list and detail (features/cards), the operations on a card (features/cardOps) and its
 * transactions with the sandbox panel (features/cardTransactions).
 *
 * Its own module, reached only from the routes' `component`, so the router's code splitting
 * moves it — the operations' dialogs, forms and schemas with it — into the card pages' chunks.
 * Written at the top of a route file, the registration below would run (and its imports load)
 * in every page's first load, /login included. The '-' prefix keeps it out of the route tree.
 */
import { addCardOps, CardOpHost } from '../../features/cardOps/CardOpHost'
import { CardTransactionsOfCard } from '../../features/cardTransactions/CardTransactionsOfCard'
import { CardDetailScreen } from '../../features/cards/CardDetailScreen'
import { CardListScreen } from '../../features/cards/CardListScreen'
import { cardOperations } from '../../features/cards/operations'

// The card operations in the list's toolbar and palette and the detail's action bar.
addCardOps(cardOperations)

export function CardsPage() {
  return (
    <>
      <CardListScreen />
      <CardOpHost />
    </>
  )
}

export function CardDetailPage({ id }: { id?: number }) {
  return (
    <>
      <CardDetailScreen />
      <CardOpHost />
      {id ? <CardTransactionsOfCard cardId={id} /> : null}
    </>
  )
}
