import { createFileRoute } from '@tanstack/react-router'
import { lazyFormRoute } from '../../components/resource/lazyRoutes'
import { ChannelAccountViewScreen } from '../../features/channelAccounts/ChannelAccountViewScreen'

export const Route = createFileRoute('/main/accounts-channel-view')({
  ...lazyFormRoute(() =>
    import('../../features/channelAccounts/resource').then((m) => m.channelAccountResource),
  ),
  component: ChannelAccountViewScreen,
})
