import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { resources } from '../i18n/resources'
import { changesOf, changesText, objectText, refusalText } from './auditChanges'

const i18n = i18next.createInstance()
await i18n.init({
  resources,
  lng: 'en-US',
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
})
const en = i18n.getFixedT('en-US')
const zh = i18n.getFixedT('zh-CN')

/** Any run of Latin letters (a field name or code left in English on the zh-CN screen). */
const LATIN = /[A-Za-z]{3,}/

describe('an audit entry in words (issue 26)', () => {
  it('names the object by the name kept, else its type and id', () => {
    expect(objectText(en, 'role:5', 'Support L1')).toBe('Role Support L1')
    expect(objectText(en, 'card:10', null)).toBe('Card 10')
    expect(objectText(en, 'screen:cards-balance')).not.toContain('cards-balance')
    expect(objectText(zh, 'role:5', 'Support L1')).toBe('角色「Support L1」')
  })

  it('shows only the fields that changed, a role’s lists as items added and removed by label', () => {
    const detail = {
      // An older row kept every field: the unchanged name is left out.
      before: { name: 'Ops', menus: ['cards-balance'], buttons: ['cards-balance:freeze'] },
      after: { name: 'Ops', menus: ['cards-balance'], buttons: [] },
    }
    const changes = changesOf(en, 'role', detail)
    expect(changes).toHaveLength(1)
    expect(changes[0]).toMatchObject({ kind: 'list', added: [] })
    const [removed] = (changes[0] as { removed: string[] }).removed
    expect(removed).not.toContain('cards-balance:freeze')
    expect(removed).toMatch(/Freeze/)
    const inChinese = changesText(zh, 'role', detail)
    expect(inChinese).not.toMatch(LATIN)
  })

  it('labels a user’s fields and values in Chinese: role and merchants by the names kept', () => {
    const detail = {
      before: { roleId: 5, landingPage: 'cards-balance', allowedIps: [], merchantIds: [3] },
      after: { roleId: 6, landingPage: 'index', allowedIps: ['10.0.0.0/8'], merchantIds: [3, 4] },
      names: { 'role:5': '客服', 'role:6': '运营', 'merchant:3': '天际', 'merchant:4': '海岸' },
    }
    const text = changesText(zh, 'user', detail)
    expect(text.replace('10.0.0.0/8', '')).not.toMatch(LATIN)
    expect(text).toContain('客服 → 运营')
    expect(text).toContain('+ 海岸')
    expect(text).toContain('+ 10.0.0.0/8')
    expect(changesText(en, 'user', detail)).not.toMatch(/landing page cards-balance|\[\]/)
  })

  it('reads a freeze as its status, reason and note before and after', () => {
    const detail = {
      before: { status: 'active', reason: '', note: '' },
      after: { status: 'blocked', reason: 'suspectedFraud', note: 'odd' },
    }
    const rows = changesOf(en, 'card', detail)
    expect(rows.map((r) => r.kind === 'value' && [r.label, r.before, r.after])).toEqual([
      ['Status', 'Active', 'Blocked'],
      ['Reason', '(empty)', 'Suspected fraud'],
      ['Note', '(empty)', 'odd'],
    ])
  })

  it('reads a refusal as its message and code in the reader’s language', () => {
    const detail = { code: 1403, message: 'errors:viewOnly', params: {} }
    expect(refusalText(en, detail)).toContain('1403')
    expect(refusalText(zh, detail)).toContain('1403')
    expect(refusalText(zh, detail)).not.toBe(refusalText(en, detail))
  })
})
