import { createFileRoute } from '@tanstack/react-router'
import { BankFormScreen } from '../../features/accounts/BankFormScreen'
import { bankResource } from '../../features/accounts/resource'

export const Route = createFileRoute('/main/accounts-balance-save')({
  ...bankResource.formRoute,
  component: BankFormScreen,
})
