import { queryOptions } from '@tanstack/react-query'
import { call, type DataOf } from '../../api/client'

export type Balance = DataOf<'/accounts/transfer/balances'>[number]
export type Quote = DataOf<'/accounts/fx/quote'>

/** Query keys that hold balances: refreshed after every transfer. */
export const BALANCE_KEYS = [['/accounts/transfer/balances'], ['/accounts/channel']] as const

export const transferBalancesQuery = () =>
  queryOptions({
    queryKey: ['/accounts/transfer/balances'],
    queryFn: () => call('/accounts/transfer/balances', {}),
  })
