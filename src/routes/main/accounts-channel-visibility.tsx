import { createFileRoute } from '@tanstack/react-router'
import { lazyFormRoute } from '../../components/resource/lazyRoutes'
import { ChannelVisibilityScreen } from '../../features/channelAccounts/ChannelVisibilityScreen'

export const Route = createFileRoute('/main/accounts-channel-visibility')({
  ...lazyFormRoute(() =>
    import('../../features/channelAccounts/resource').then((m) => m.channelAccountResource),
  ),
  component: ChannelVisibilityScreen,
})
