import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { call } from '../../api/client'
import { resourceClient } from '../../components/resource/client'
import { channelAccounts } from '../../resources/channelAccounts'

/** The console half of channel accounts (accounts-channel), from the definition. */
export const channelAccountResource = resourceClient(channelAccounts)

/** The form's values: the save body without its id; the channel is chosen as text. */
export const channelAccountForm = channelAccounts.save.omit({ id: true }).extend({
  channelId: z.string().min(1).transform(Number),
})

export const channelListQuery = () =>
  queryOptions({
    queryKey: ['/accounts/channel', 'channels'],
    queryFn: () => call('/accounts/channel/channels', {}),
  })

/** The rest of accounts-channel's buttons (the kit's are add, edit, delete). */
export const CHANNEL_ACTIONS = ['view', 'visibility', 'transfer'] as const
