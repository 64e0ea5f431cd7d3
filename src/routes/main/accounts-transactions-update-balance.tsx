import { createFileRoute } from '@tanstack/react-router'
import { UpdateBalanceScreen } from '../../features/accounts/UpdateBalanceScreen'

export const Route = createFileRoute('/main/accounts-transactions-update-balance')({
  component: UpdateBalanceScreen,
})
