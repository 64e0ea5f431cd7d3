import { queryOptions } from '@tanstack/react-query'
import { call, type DataOf } from '../../api/client'
import { queryKeys } from '../../domain/queryKeys'

export type Balance = DataOf<'/accounts/transfer/balances'>[number]
export type Quote = DataOf<'/accounts/fx/quote'>

export const transferBalancesQuery = () =>
  queryOptions({
    queryKey: queryKeys.transferBalances(),
    queryFn: () => call('/accounts/transfer/balances', {}),
  })
