import { createFileRoute } from '@tanstack/react-router'
import { ChannelTransferScreen } from '../../features/channelAccounts/ChannelTransferScreen'

export const Route = createFileRoute('/main/accounts-channel-transfer')({
  component: ChannelTransferScreen,
})
