import { queryOptions } from '@tanstack/react-query'
import { call } from '../../api/client'
import { resourceClient } from '../../components/resource/client'
import { cards } from '../../resources/cards'

/** The console half of the card list and detail, from the definition. */
export const cardResource = resourceClient(cards)

/** A card's status changes, oldest first. */
export const cardHistoryQuery = (id: number) =>
  queryOptions({
    queryKey: ['card', 'history', id],
    queryFn: () => call('/card/history', { id }),
  })

/**
 * A card's limits with used and remaining (the usage the authorisation decision reads). The
 * key carries what changes them: the limits, the pending count and the balance.
 */
export const cardLimitsQuery = (id: number, version: string) =>
  queryOptions({
    queryKey: ['card', 'limits', id, version],
    queryFn: () => call('/card/limits', { id }),
  })

/** What the create form offers for one merchant. */
export const createOptionsQuery = (merchantId: number) =>
  queryOptions({
    queryKey: ['card', 'createOptions', merchantId],
    queryFn: () => call('/card/create/options', { merchantId }),
  })

/** States in which the channel has not answered yet: the screens keep asking. */
export const AWAITING_CHANNEL = new Set(['creating'])

export { useMerchantOptions } from '../../domain/merchants'
