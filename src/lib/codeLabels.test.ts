import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { LANGUAGES } from '../i18n/languages'
import { resources } from '../i18n/resources'
import { CODE_FAMILIES, codeLabel, family, type CodeFamily } from './codeLabels'
import { parseRemark, remarkCode, remarkText } from './remarks'

/*
 * Also a type test (tsc checks this file): a family whose code has no label key does not
 * compile, so a code cannot reach the screen without a name.
 */
const i18n = i18next.createInstance()
// As the console and the server set it up (React escapes what it shows).
await i18n.init({
  resources,
  lng: 'en-US',
  defaultNS: 'common',
  initAsync: false,
  interpolation: { escapeValue: false },
})
const han = /[\u4e00-\u9fff]/

describe('code labels', () => {
  for (const lang of LANGUAGES) {
    it(`names every code of every family in ${lang}`, () => {
      const t = i18n.getFixedT(lang)
      const missing: string[] = []
      for (const name of Object.keys(CODE_FAMILIES) as CodeFamily[]) {
        for (const code of CODE_FAMILIES[name].codes) {
          const label = codeLabel(t, name, code)
          // i18next answers a missing key with the key itself (without its namespace).
          if (!label || label === code || label.endsWith(`.${code}`))
            missing.push(`${name} ${code}`)
          else if (lang === 'zh-CN' && !han.test(label)) missing.push(`${name} ${code}: ${label}`)
        }
      }
      expect(missing).toEqual([])
    })
  }

  it('reads like the product, and shows an unknown code as it is', () => {
    expect(codeLabel(i18n.getFixedT('en-US'), 'ledgerKind', 'group_deposit')).toBe(
      'Shared card group deposit',
    )
    expect(codeLabel(i18n.getFixedT('zh-CN'), 'reason', 'riskReview')).toBe('风险审查')
    expect(codeLabel(i18n.getFixedT('zh-CN'), 'ledgerKind', 'retired_kind')).toBe('retired_kind')
  })

  it('refuses, at type level, a code without a label', () => {
    // @ts-expect-error accounts:types has no `no_such_kind`
    const broken = family('accounts:types', ['deposit', 'no_such_kind'])
    expect(broken.codes).toHaveLength(2)
  })
})

describe('server remarks', () => {
  it('are stored as codes and read in the reader’s language, values included', () => {
    const stored = remarkCode('groupDeposit', { group: 'Travel desk & co?' })
    expect(parseRemark(stored)).toEqual({
      code: 'groupDeposit',
      values: { group: 'Travel desk & co?' },
    })
    expect(remarkText(i18n.getFixedT('en-US'), stored)).toBe(
      'Deposit into shared card group Travel desk & co?',
    )
    expect(remarkText(i18n.getFixedT('zh-CN'), remarkCode('transferBetweenCurrencies'))).toBe(
      '币种间转账',
    )
  })

  it('keep what users typed as typed, a look-alike of an unknown code too', () => {
    const t = i18n.getFixedT('zh-CN')
    expect(remarkText(t, 'Monthly top-up')).toBe('Monthly top-up')
    expect(remarkText(t, '@remark:madeUp?x=1')).toBe('@remark:madeUp?x=1')
    expect(remarkText(t, null)).toBe('')
  })
})
