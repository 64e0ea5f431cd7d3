import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import i18next from 'i18next'
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { describe, expect, it, vi } from 'vitest'
import { referenceQueries } from '../api/reference'
import { resources } from '../i18n/resources'
import { companyNames, companyOptions, flattenCompanies, type CompanyNode } from './companies'
import { currencyOptions } from './currencies'
import { queryKeys } from './queryKeys'
import { useDomainOptions } from './pickers'

/*
 * The domain's lists (src/domain): the company tree, the merchants and the currencies every
 * feature picks from, one query each. Drawn on the server (no DOM library in this project).
 */
vi.mock('../api/client', () => ({ call: vi.fn(), ApiError: class ApiError extends Error {} }))

const node = (id: number, name: string, childs: CompanyNode[] = []) =>
  ({ id, name, childs }) as unknown as CompanyNode
const tree = [
  node(1, 'Harbour Group', [node(2, 'Harbour SG', [node(3, 'Harbour Jurong')])]),
  node(4, 'Skyline'),
]

describe('the company tree', () => {
  it('flattens in its own order, parents first, with depths', () => {
    expect(flattenCompanies(tree)).toEqual([
      { id: 1, name: 'Harbour Group', depth: 0 },
      { id: 2, name: 'Harbour SG', depth: 1 },
      { id: 3, name: 'Harbour Jurong', depth: 2 },
      { id: 4, name: 'Skyline', depth: 0 },
    ])
  })

  it('gives options indented by depth, ids as text, and names by id', () => {
    expect(companyOptions(tree).map((o) => [o.value, o.label])).toEqual([
      ['1', 'Harbour Group'],
      ['2', '\u00a0\u00a0Harbour SG'],
      ['3', '\u00a0\u00a0\u00a0\u00a0Harbour Jurong'],
      ['4', 'Skyline'],
    ])
    expect(companyNames(tree).get(3)).toBe('Harbour Jurong')
  })
})

describe('the currencies', () => {
  const rows = [
    { code: 'USD', name: 'US Dollar' },
    { code: 'SGD', name: 'Singapore Dollar' },
    { code: 'VND', name: 'Vietnamese Dong' },
  ] as never
  it('names each by code and name, and keeps only those a screen offers', () => {
    expect(currencyOptions(rows)).toEqual([
      { value: 'USD', label: 'USD US Dollar' },
      { value: 'SGD', label: 'SGD Singapore Dollar' },
      { value: 'VND', label: 'VND Vietnamese Dong' },
    ])
    expect(currencyOptions(rows, ['VND', 'USD']).map((o) => o.value)).toEqual(['USD', 'VND'])
  })
})

describe('useDomainOptions (the field kit’s `pickerOf`)', () => {
  it('reads each list from its one query, as options', async () => {
    const i18n = i18next.createInstance()
    await i18n.init({ resources, lng: 'en-US', defaultNS: 'common', initAsync: false })
    const qc = new QueryClient()
    qc.setQueryData(queryKeys.companyTree(), tree)
    qc.setQueryData(queryKeys.merchants(), [{ merchantId: 7, name: 'Harbour Freight' }])
    qc.setQueryData(referenceQueries.currencies('en-US').queryKey, [
      { code: 'USD', name: 'US Dollar' },
    ] as never)
    function Probe() {
      return <>{JSON.stringify(useDomainOptions(['company', 'merchant', 'currency']))}</>
    }
    const html = renderToStaticMarkup(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={qc}>
          <Probe />
        </QueryClientProvider>
      </I18nextProvider>,
    )
    const got = JSON.parse(html.replaceAll('&quot;', '"'))
    expect(got.company.map((o: { value: string }) => o.value)).toEqual(['1', '2', '3', '4'])
    expect(got.merchant).toEqual([{ value: '7', label: 'Harbour Freight' }])
    expect(got.currency).toEqual([{ value: 'USD', label: 'USD US Dollar' }])
  })
})
