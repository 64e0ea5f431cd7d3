import { describe, expect, it } from 'vitest'
import { fieldMessage } from './fieldErrors'
import { minorOf, transferFormSchema } from './transferForm'

const currencies: Record<string, string> = { '1': 'USD', '2': 'SGD', '3': 'VND' }
const schema = transferFormSchema((id) => currencies[id])
/** Each issue as `path:messageKey`, through the mapping the form and the server use. */
const issues = (v: Record<string, string>) => {
  const r = schema.safeParse({ remark: '', ...v })
  return r.success
    ? []
    : r.error.issues.map((i) => `${i.path.join('.')}:${fieldMessage(i as never).key}`)
}

describe('transfer form', () => {
  it('reads the amount in the source currency, exactly', () => {
    expect(issues({ from: '1', to: '2', amount: '1,234.56' })).toEqual([])
    expect(minorOf('1,234.56', 'USD')).toBe(123_456)
    expect(issues({ from: '1', to: '2', amount: '1.001' })).toEqual(['amount:amountDecimals'])
    expect(issues({ from: '3', to: '1', amount: '1.5' })).toEqual(['amount:amountWhole'])
    expect(issues({ from: '3', to: '1', amount: '15000' })).toEqual([])
  })

  it('refuses zero, negatives, text and the same balance twice, saying which', () => {
    for (const amount of ['0', '0.00', '-5']) {
      expect(issues({ from: '1', to: '2', amount })).toEqual(['amount:amountPositive'])
    }
    expect(issues({ from: '1', to: '2', amount: 'abc' })).toEqual(['amount:number'])
    expect(issues({ from: '1', to: '2', amount: '1e20' })).toEqual(['amount:amountMax'])
    expect(issues({ from: '1', to: '1', amount: '1' })).toEqual(['to:notSame'])
  })
})
