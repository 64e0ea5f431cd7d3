import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { referenceQueries } from '../api/reference'
import type { DataOf } from '../api/client'

type Currency = DataOf<'/common/currencyList'>[number]

/**
 * The ISO 4217 currencies as select options (`/common/currencyList`, named in the user's
 * language): the code as value, "USD US Dollar" as label. `only` keeps those a screen offers,
 * in the list's order.
 */
export const currencyOptions = (rows: readonly Currency[], only?: readonly string[]) =>
  rows
    .filter((c) => !only || only.includes(c.code))
    .map((c) => ({ value: c.code, label: c.name ? `${c.code} ${c.name}` : c.code }))

/** The currencies as select options, in the user's language. */
export function useCurrencyOptions(
  only?: readonly string[],
  enabled = true,
): { value: string; label: string }[] {
  const { i18n } = useTranslation()
  const { data = [] } = useQuery({
    ...referenceQueries.currencies(i18n.language),
    select: (rows) => currencyOptions(rows, only),
    enabled,
  })
  return data
}
