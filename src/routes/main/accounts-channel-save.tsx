import { createFileRoute } from '@tanstack/react-router'
import { lazyFormRoute } from '../../components/resource/lazyRoutes'
import { ChannelAccountFormScreen } from '../../features/channelAccounts/ChannelAccountFormScreen'

export const Route = createFileRoute('/main/accounts-channel-save')({
  ...lazyFormRoute(() =>
    import('../../features/channelAccounts/resource').then((m) => m.channelAccountResource),
  ),
  component: ChannelAccountFormScreen,
})
