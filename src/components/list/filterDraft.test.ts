import { describe, expect, it } from 'vitest'
import { parameters } from '../../resources/parameters'
import { ALL, fromDraft, toDraft, type FilterField } from './filterDraft'

const fields: FilterField[] = [
  { name: 'name', label: 'Name', kind: 'text' },
  { name: 'active', label: 'Active', kind: 'flag' },
  { name: 'type', label: 'Type', kind: 'enum', dict: 'dict_type' },
  { name: 'createdAt', label: 'Created', kind: 'dateRange' },
  { name: 'amount', label: 'Amount', kind: 'amountRange' },
  { name: 'companyId', label: 'Company', kind: 'company' },
  { name: 'merchantId', label: 'Merchant', kind: 'merchant' },
]

const search = {
  name: 'abc',
  active: false,
  type: 'biz',
  createdAt: { from: '2026-01-01', to: '2026-01-31' },
  amount: { min: 10, max: 20.5 },
  companyId: 3,
  merchantId: 7,
}

describe('filter bar: URL <-> controls', () => {
  it('shows every applied filter and gives the same values back', () => {
    const draft = toDraft(fields, search)
    expect(draft).toEqual({
      name: 'abc',
      active: 'false',
      type: 'biz',
      'createdAt.from': '2026-01-01',
      'createdAt.to': '2026-01-31',
      'amount.min': '10',
      'amount.max': '20.5',
      companyId: '3',
      merchantId: '7',
    })
    expect(fromDraft(fields, draft)).toEqual({ ok: true, values: search })
  })

  it('maps empty controls to no filter, and keeps one open end of a range', () => {
    const empty = toDraft(fields, {})
    expect(empty.type).toBe(ALL)
    const result = fromDraft(fields, empty)
    expect(result.ok && Object.values(result.values).every((v) => v === undefined)).toBe(true)
    const open = fromDraft(fields, { ...empty, 'createdAt.to': '2026-02-01', 'amount.min': '5' })
    expect(open).toMatchObject({
      ok: true,
      values: { createdAt: { to: '2026-02-01' }, amount: { min: 5 } },
    })
  })

  it('refuses a minimum above the maximum, a start after the end and a negative amount', () => {
    const base = toDraft(fields, {})
    expect(fromDraft(fields, { ...base, 'amount.min': '30', 'amount.max': '20' })).toEqual({
      ok: false,
      errors: { amount: 'validation:minExceedsMax' },
    })
    expect(
      fromDraft(fields, { ...base, 'createdAt.from': '2026-02-02', 'createdAt.to': '2026-02-01' }),
    ).toEqual({ ok: false, errors: { createdAt: 'validation:rangeOrder' } })
    expect(fromDraft(fields, { ...base, 'amount.max': '-1' })).toEqual({
      ok: false,
      errors: { amount: 'validation:number' },
    })
  })
})

describe('date range: URL <-> list body', () => {
  const { search } = parameters.filters.createdAt
  it('carries a valid range into the body, which the wire schema accepts', () => {
    const range = search.parse({ from: '2026-01-01', to: '2026-01-31' })
    expect(range).toEqual({ from: '2026-01-01', to: '2026-01-31' })
    const body = parameters.requests.list.parse({ filters: { createdAt: range } })
    expect(body.filters).toEqual({ createdAt: { from: '2026-01-01', to: '2026-01-31' } })
  })

  it('drops a malformed range from the URL (no filter), which the wire refuses', () => {
    for (const bad of [{ from: '2026-13-01' }, { from: '2026-02-01', to: '2026-01-01' }, 'x']) {
      expect(search.parse(bad)).toBeUndefined()
      expect(parameters.requests.list.safeParse({ filters: { createdAt: bad } }).success).toBe(
        false,
      )
    }
  })
})
