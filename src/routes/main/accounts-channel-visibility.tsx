import { createFileRoute } from '@tanstack/react-router'
import { ChannelVisibilityScreen } from '../../features/channelAccounts/ChannelVisibilityScreen'
import { channelAccountResource } from '../../features/channelAccounts/resource'

export const Route = createFileRoute('/main/accounts-channel-visibility')({
  ...channelAccountResource.formRoute,
  component: ChannelVisibilityScreen,
})
