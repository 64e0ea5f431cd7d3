import { queryOptions } from '@tanstack/react-query'
import { call } from './client'

/**
 * The reference lists of spec §7 (/common/*) for the console's selects. Names are localised by
 * the server, so lists with names are kept per language; they do not change while the console
 * runs.
 */
export const referenceQueries = {
  countries: (language: string) =>
    queryOptions({
      queryKey: ['common', 'countryList', language],
      queryFn: () => call('/common/countryList'),
      staleTime: Infinity,
    }),
  states: (countryCode: string, language: string) =>
    queryOptions({
      queryKey: ['common', 'queryCountryStateList', countryCode, language],
      queryFn: () => call('/common/queryCountryStateList', { countryCode }),
      staleTime: Infinity,
    }),
  currencies: (language: string) =>
    queryOptions({
      queryKey: ['common', 'currencyList', language],
      queryFn: () => call('/common/currencyList'),
      staleTime: Infinity,
    }),
  phoneAreas: (language: string) =>
    queryOptions({
      queryKey: ['common', 'phoneAreaList', language],
      queryFn: () => call('/common/phoneAreaList'),
      staleTime: Infinity,
    }),
  cardSchemes: () =>
    queryOptions({
      queryKey: ['common', 'queryCardSchemeList'],
      queryFn: () => call('/common/queryCardSchemeList'),
      staleTime: Infinity,
    }),
}
