import { createFileRoute } from '@tanstack/react-router'
import { ChannelAccountListScreen } from '../../features/channelAccounts/ChannelAccountListScreen'
import { channelAccountResource } from '../../features/channelAccounts/resource'

export const Route = createFileRoute('/main/accounts-channel')({
  ...channelAccountResource.listRoute,
  component: ChannelAccountListScreen,
})
