import { createFileRoute } from '@tanstack/react-router'
import { lazyFormRoute } from '../../components/resource/lazyRoutes'
import { BankFormScreen } from '../../features/accounts/BankFormScreen'

export const Route = createFileRoute('/main/accounts-balance-save')({
  ...lazyFormRoute(() => import('../../features/accounts/resource').then((m) => m.bankResource)),
  component: BankFormScreen,
})
