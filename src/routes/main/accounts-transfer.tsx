import { createFileRoute } from '@tanstack/react-router'
import { TransferScreen } from '../../features/transfers/TransferScreen'

export const Route = createFileRoute('/main/accounts-transfer')({
  component: TransferScreen,
})
