import { describe, expect, it } from 'vitest'
import enValidation from '../../i18n/locales/en-US/validation.json'
import zhValidation from '../../i18n/locales/zh-CN/validation.json'
import { fieldMessage } from '../../lib/fieldErrors'
import { groupCreateForm } from './createForm'

const typed = { merchantId: '1', ruleId: '2', name: 'Ads', currency: 'USD', deposit: '100' }

/** The deposit field's message for what was typed, in a language, as the form shows it. */
function depositMessage(over: Partial<typeof typed>, dict: Record<string, string> = enValidation) {
  const result = groupCreateForm.safeParse({ ...typed, ...over }, { reportInput: true })
  if (result.success) return null
  const issue = result.error.issues.find((i) => i.path[0] === 'deposit')
  if (!issue) return null
  const m = fieldMessage(issue as never)
  return dict[m.key].replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(m.params?.[k]))
}

describe("the group deposit input's messages (issue 18: the one money input)", () => {
  it('reads the deposit in the chosen currency as minor units', () => {
    expect(groupCreateForm.parse({ ...typed, deposit: '1,234.56' }).deposit).toBe(123456)
    expect(groupCreateForm.parse({ ...typed, currency: 'VND', deposit: '1500000' }).deposit).toBe(
      1500000,
    )
  })

  it('says what is wrong: more than 0, decimals for the currency, at most the maximum', () => {
    expect(depositMessage({ deposit: '' })).toBe('Cannot be empty')
    expect(depositMessage({ deposit: '0' })).toBe('Must be more than 0')
    expect(depositMessage({ deposit: '-5' })).toBe('Must be more than 0')
    expect(depositMessage({ deposit: '1.234' })).toBe('At most 2 decimal places for USD')
    expect(depositMessage({ currency: 'VND', deposit: '1.5' })).toBe('VND takes no decimals')
    expect(depositMessage({ deposit: '1e20' })).toBe('Must be at most $10,000,000,000,000.00')
    expect(depositMessage({ deposit: 'abc' })).toBe('Must be number')
  })

  it('says the same in zh-CN, and nothing of the deposit before a currency is chosen', () => {
    expect(depositMessage({ deposit: '1.234' }, zhValidation)).toMatch(/USD/)
    expect(depositMessage({ deposit: '1.234' }, zhValidation)).not.toBe(
      depositMessage({ deposit: '1.234' }),
    )
    expect(depositMessage({ currency: '', deposit: '1.234' })).toBeNull()
  })
})
