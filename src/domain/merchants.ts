import { queryOptions, useQuery } from '@tanstack/react-query'
import { call } from '../api/client'
import { queryKeys } from './queryKeys'

const fetchMerchants = () => call('/org/merchantList', {})

/**
 * The merchants the caller reaches (the server scopes the list; a merchant user: its own), as
 * the server answers them. One query for every picker, filter and form: a screen wanting
 * another shape passes `select`.
 */
export const merchantsQuery = () =>
  queryOptions({ queryKey: queryKeys.merchants(), queryFn: fetchMerchants, staleTime: 60_000 })

/** The merchants as select options: the id as text, the name as label (a query's `select`). */
export const merchantOptions = (rows: Awaited<ReturnType<typeof fetchMerchants>>) =>
  rows.map((m) => ({ value: String(m.merchantId), label: m.name }))

/** The merchants as select options. */
export function useMerchantOptions(enabled = true): { value: string; label: string }[] {
  const { data = [] } = useQuery({ ...merchantsQuery(), select: merchantOptions, enabled })
  return data
}
