import { createFileRoute } from '@tanstack/react-router'
import { ChannelAccountFormScreen } from '../../features/channelAccounts/ChannelAccountFormScreen'
import { channelAccountResource } from '../../features/channelAccounts/resource'

export const Route = createFileRoute('/main/accounts-channel-save')({
  ...channelAccountResource.formRoute,
  component: ChannelAccountFormScreen,
})
