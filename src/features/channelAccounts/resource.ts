import { queryOptions } from '@tanstack/react-query'
import { call } from '../../api/client'
import { resourceClient } from '../../components/resource/client'
import { channelAccounts } from '../../resources/channelAccounts'

/** The console half of channel accounts (accounts-channel), from the definition. */
export const channelAccountResource = resourceClient(channelAccounts)

export const channelListQuery = () =>
  queryOptions({
    queryKey: ['/accounts/channel', 'channels'],
    queryFn: () => call('/accounts/channel/channels', {}),
  })

/** The rest of accounts-channel's buttons (the kit's are add, edit, delete). */
export const CHANNEL_ACTIONS = ['view', 'visibility', 'transfer'] as const
