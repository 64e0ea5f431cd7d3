import { createFileRoute } from '@tanstack/react-router'
import { TransactionListScreen } from '../../features/accounts/TransactionListScreen'
import { transactionResource } from '../../features/accounts/resource'

export const Route = createFileRoute('/main/accounts-transactions')({
  ...transactionResource.listRoute,
  component: TransactionListScreen,
})
