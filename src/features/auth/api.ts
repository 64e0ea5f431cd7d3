import { queryOptions } from '@tanstack/react-query'
import { call } from '../../api/client'

/** The public pages' server calls that are read, not written. */
export const countryListQuery = (language: string) =>
  queryOptions({
    // Names are localised by the server: one list per language.
    queryKey: ['common', 'countryList', language],
    queryFn: () => call('/common/countryList'),
    staleTime: Infinity,
  })
