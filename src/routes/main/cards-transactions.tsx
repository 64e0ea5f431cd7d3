import { createFileRoute } from '@tanstack/react-router'
import { lazyListRoute } from '../../components/resource/lazyRoutes'
import { CardTransactionListScreen } from '../../features/cardTransactions/CardTransactionListScreen'

export const Route = createFileRoute('/main/cards-transactions')({
  ...lazyListRoute(() =>
    import('../../features/cardTransactions/resource').then((m) => m.cardTransactionResource),
  ),
  component: CardTransactionListScreen,
})
