import { queryOptions } from '@tanstack/react-query'
import { call } from '../../api/client'
import { resourceClient } from '../../components/resource/client'
import { queryKeys } from '../../domain/queryKeys'
import { balanceUpdates, cancelRequests } from '../../resources/cardRequests'

/** The console half of the two review lists (docs/cards.md, "Reviews"). */
export const cancelRequestResource = resourceClient(cancelRequests)
export const balanceUpdateResource = resourceClient(balanceUpdates)

/** The reason codes of freezes, unfreezes, cancellations and reviews (card_block_reason). */
export const reasonQuery = () =>
  queryOptions({
    queryKey: queryKeys.dictionary('card_block_reason'),
    queryFn: async () =>
      ((await call('/dict/query', { codes: ['card_block_reason'] })).card_block_reason ?? []).map(
        (o) => ({ value: o.code, label: o.name }),
      ),
    staleTime: 60_000,
  })

/** Card numbers are shown grouped by 4 (spec §9). */
export const groupBy4 = (n: string) => n.replace(/(\d{4})(?=\d)/g, '$1 ')
