import { createFileRoute } from '@tanstack/react-router'
import { DeclareScreen } from '../../features/accounts/DeclareScreen'

export const Route = createFileRoute('/main/accounts-transactions-save')({
  component: DeclareScreen,
})
