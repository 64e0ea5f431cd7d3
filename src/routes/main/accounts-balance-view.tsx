import { createFileRoute } from '@tanstack/react-router'
import { lazyFormRoute } from '../../components/resource/lazyRoutes'
import { BankViewScreen } from '../../features/accounts/BankViewScreen'

export const Route = createFileRoute('/main/accounts-balance-view')({
  ...lazyFormRoute(() => import('../../features/accounts/resource').then((m) => m.bankResource)),
  component: BankViewScreen,
})
