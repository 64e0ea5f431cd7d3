import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { resources } from '../../i18n/resources'
import { AUDIT_ACTIONS } from '../../lib/auditActions'
import { activityLabel } from './activityLabel'

/*
 * The server writes only the catalogue's actions (server/audit.ts takes `AuditAction`, so a new
 * one fails the type check until it is added there); here every one of them has a label in
 * both languages.
 */
const i18n = i18next.createInstance()
await i18n.init({ resources, lng: 'en-US', defaultNS: 'common', initAsync: false })

describe('recent activities name every audit action', () => {
  for (const lang of ['en-US', 'zh-CN'] as const) {
    it(`in ${lang}`, () => {
      const t = i18n.getFixedT(lang, 'dashboard')
      const labels = AUDIT_ACTIONS.map((code) => activityLabel(t, code))
      const missing = AUDIT_ACTIONS.filter((code, i) => !labels[i] || labels[i]!.includes(code))
      expect(missing).toEqual([])
      if (lang === 'zh-CN') {
        // Translated, not the English label again.
        expect(labels.filter((l) => !/[\u4e00-\u9fff]/.test(l!))).toEqual([])
      }
    })
  }

  it('reads like the product: card.freeze is "Froze a card", "冻结卡片"', () => {
    expect(activityLabel(i18n.getFixedT('en-US', 'dashboard'), 'card.freeze')).toBe('Froze a card')
    expect(activityLabel(i18n.getFixedT('zh-CN', 'dashboard'), 'card.freeze')).toBe('冻结卡片')
    expect(activityLabel(i18n.getFixedT('en-US', 'dashboard'), 'dict.value.delete')).toBe(
      'Deleted dictionary value',
    )
  })

  it('leaves a code it does not know to be shown as it is', () => {
    expect(activityLabel(i18n.getFixedT('en-US', 'dashboard'), 'retired.action')).toBeNull()
  })

  it('lists each action once', () => {
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length)
  })
})
