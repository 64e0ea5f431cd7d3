import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import enValidation from '../i18n/locales/en-US/validation.json'
import zhValidation from '../i18n/locales/zh-CN/validation.json'
import { fieldMessage } from '../lib/fieldErrors'
import { amountText, MAX_AMOUNT, minorAmount, optionalAmountText, readAmount } from './money'

/** The English message a schema answers for a value, through the mapping both halves use. */
function messageOf(schema: z.ZodType, value: unknown, dict: Record<string, string> = enValidation) {
  const result = schema.safeParse(value, { reportInput: true })
  if (result.success) return null
  const m = fieldMessage(result.error.issues[0] as never)
  return dict[m.key].replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(m.params?.[k]))
}

describe('amount input messages (issue 18: each says what is wrong)', () => {
  it('reads exact amounts in minor units', () => {
    expect(readAmount('1,234.56', 'USD')).toEqual({ minor: 123456 })
    expect(readAmount(' 7.4 ', 'USD')).toEqual({ minor: 740 })
    expect(readAmount('1500000', 'VND')).toEqual({ minor: 1500000 })
    expect(readAmount('1.234', 'BHD')).toEqual({ minor: 1234 })
  })

  it('empty: Cannot be empty', () => {
    expect(messageOf(amountText('USD'), '')).toBe('Cannot be empty')
  })

  it('0 and −5: Must be more than 0', () => {
    for (const v of ['0', '0.00', '-5', '-0.01', '-1e3']) {
      expect(messageOf(amountText('USD'), v), v).toBe('Must be more than 0')
    }
  })

  it('1.234 in USD: at most 2 decimal places; 1.5 in VND: no decimals', () => {
    expect(messageOf(amountText('USD'), '1.234')).toBe('At most 2 decimal places for USD')
    expect(messageOf(amountText('VND'), '1.5')).toBe('VND takes no decimals')
    expect(messageOf(amountText('BHD'), '1.2345')).toBe('At most 3 decimal places for BHD')
  })

  it('1e20 and a too long amount: Must be at most the maximum, in the currency', () => {
    expect(messageOf(amountText('USD'), '1e20')).toBe('Must be at most $10,000,000,000,000.00')
    expect(messageOf(amountText('USD'), '99999999999999999')).toBe(
      'Must be at most $10,000,000,000,000.00',
    )
    expect(messageOf(amountText('VND', 1_000_000), '1000001')).toBe('Must be at most ₫1,000,000')
  })

  it('text that is no number: Must be number', () => {
    for (const v of ['abc', '1.2.3', '12a']) {
      expect(messageOf(amountText('USD'), v), v).toBe('Must be number')
    }
  })

  it('speaks zh-CN with the same parameters', () => {
    expect(messageOf(amountText('USD'), '0', zhValidation)).toBe('必须大于 0')
    expect(messageOf(amountText('USD'), '1.234', zhValidation)).toBe('USD 最多 2 位小数')
    expect(messageOf(amountText('VND'), '1.5', zhValidation)).toBe('VND 不能有小数')
  })

  it('an optional amount is null when empty and checked otherwise', () => {
    expect(optionalAmountText('USD').parse('  ')).toBeNull()
    expect(optionalAmountText('USD').parse('12.50')).toBe(1250)
    expect(messageOf(optionalAmountText('USD'), '0')).toBe('Must be more than 0')
  })

  it('the wire amount (minor units) answers the same messages', () => {
    expect(minorAmount().parse(1)).toBe(1)
    expect(messageOf(minorAmount(), 0)).toBe('Must be more than 0')
    expect(messageOf(minorAmount(), -500)).toBe('Must be more than 0')
    expect(messageOf(minorAmount(), MAX_AMOUNT + 1)).toBe(`Must be at most ${MAX_AMOUNT}`)
    expect(messageOf(minorAmount(), 1.5)).toBe('Must be number')
  })
})
