import { useQuery } from '@tanstack/react-query'
import { call } from '../../api/client'
import type { Option } from '../../components/form'

/** The merchants the caller reaches, as select options (the server scopes the list). */
export function useMerchantOptions(): Option[] {
  const { data = [] } = useQuery({
    queryKey: ['filter-options', 'merchant'],
    queryFn: async (): Promise<Option[]> =>
      (await call('/org/merchantList', {})).map((m) => ({
        value: String(m.merchantId),
        label: m.name,
      })),
    staleTime: 60_000,
  })
  return data
}

/** The currencies the screens offer: those with receiving bank accounts or balances. */
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'SGD', 'THB', 'CNY', 'VND'] as const
export const currencyOptions: Option[] = CURRENCIES.map((c) => ({ value: c, label: c }))
