import { createFileRoute } from '@tanstack/react-router'
import { CurrencyTotalsScreen } from '../../features/accounts/CurrencyTotalsScreen'

export const Route = createFileRoute('/main/accounts-balance-currency-list')({
  component: CurrencyTotalsScreen,
})
