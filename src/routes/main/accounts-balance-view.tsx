import { createFileRoute } from '@tanstack/react-router'
import { BankViewScreen } from '../../features/accounts/BankViewScreen'
import { bankResource } from '../../features/accounts/resource'

export const Route = createFileRoute('/main/accounts-balance-view')({
  ...bankResource.formRoute,
  component: BankViewScreen,
})
