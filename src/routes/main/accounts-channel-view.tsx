import { createFileRoute } from '@tanstack/react-router'
import { ChannelAccountViewScreen } from '../../features/channelAccounts/ChannelAccountViewScreen'
import { channelAccountResource } from '../../features/channelAccounts/resource'

export const Route = createFileRoute('/main/accounts-channel-view')({
  ...channelAccountResource.formRoute,
  component: ChannelAccountViewScreen,
})
