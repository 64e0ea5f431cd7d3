import { createFileRoute } from '@tanstack/react-router'
import { lazyListRoute } from '../../components/resource/lazyRoutes'
import { ChannelAccountListScreen } from '../../features/channelAccounts/ChannelAccountListScreen'

export const Route = createFileRoute('/main/accounts-channel')({
  ...lazyListRoute(() =>
    import('../../features/channelAccounts/resource').then((m) => m.channelAccountResource),
  ),
  component: ChannelAccountListScreen,
})
