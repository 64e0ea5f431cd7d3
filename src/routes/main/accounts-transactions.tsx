import { createFileRoute } from '@tanstack/react-router'
import { lazyListRoute } from '../../components/resource/lazyRoutes'
import { TransactionListScreen } from '../../features/accounts/TransactionListScreen'

export const Route = createFileRoute('/main/accounts-transactions')({
  ...lazyListRoute(() =>
    import('../../features/accounts/resource').then((m) => m.transactionResource),
  ),
  component: TransactionListScreen,
})
