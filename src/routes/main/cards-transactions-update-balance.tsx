import { createFileRoute } from '@tanstack/react-router'
import { lazyListRoute } from '../../components/resource/lazyRoutes'
import { BalanceUpdateScreen } from '../../features/cardOps/BalanceUpdateScreen'

export const Route = createFileRoute('/main/cards-transactions-update-balance')({
  ...lazyListRoute(() => import('../../features/cardOps/api').then((m) => m.balanceUpdateResource)),
  component: BalanceUpdateScreen,
})
