import { createFileRoute } from '@tanstack/react-router'
import { BalanceListScreen } from '../../features/accounts/BalanceListScreen'
import { balanceResource } from '../../features/accounts/resource'

export const Route = createFileRoute('/main/accounts-balance')({
  ...balanceResource.listRoute,
  component: BalanceListScreen,
})
