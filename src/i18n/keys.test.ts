import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { SCREENS } from '../lib/screens'
import { menuKey, type KeyOf, type MessageKey } from './keys'
import { resources } from './resources'

/*
 * This file is also a type test: `tsc` (npm run typecheck) checks it, and each
 * `@ts-expect-error` below fails the build if the line stops being an error, that is if the
 * typing of message keys is loosened (src/i18n/i18next.d.ts).
 */
const i18n = i18next.createInstance()
await i18n.init({ resources, lng: 'en-US', defaultNS: 'common', initAsync: false })
const t = i18n.getFixedT('en-US')

describe('typed message keys', () => {
  it('takes real keys, bare (common) or with any namespace', () => {
    expect(t('save')).toBe('Save')
    expect(t('common:list.total', { count: 3 })).toBe('Total 3')
    expect(t('validation:required')).toBe('Cannot be empty')
    expect(t('form:leave.stay')).toBe('Stay')
  })

  it('refuses, at type level, keys that exist in no language', () => {
    // At run time a missing key only comes back as itself (what a test would have to notice).
    const missing = [
      // @ts-expect-error a key no namespace has
      t('common:noSuchKey'),
      // @ts-expect-error a namespace that does not exist
      t('nowhere:save'),
      // @ts-expect-error a bare key is common's, and common has no `code`
      t('code'),
    ]
    expect(missing).toEqual(['noSuchKey', 'save', 'code'])
    // @ts-expect-error a computed key must come from the typed unions, not any string
    const key: MessageKey = `errors:${'whatever' as string}`
    expect(key).toBe('errors:whatever')
    // @ts-expect-error the validation namespace has no `bogus`
    const v: KeyOf<'validation'> = 'bogus'
    expect(v).toBe('bogus')
  })

  it('every screen of the registry has a menu label in both languages', () => {
    for (const screen of SCREENS) {
      expect(Object.hasOwn(resources['en-US'].menu, screen.name), screen.name).toBe(true)
      expect(Object.hasOwn(resources['zh-CN'].menu, screen.name), screen.name).toBe(true)
    }
  })

  it('names the menu label of a registered screen only', () => {
    expect(menuKey('dict-management')).toBe('menu:dict-management')
    expect(menuKey('no-such-screen')).toBeUndefined()
    expect(menuKey('toString')).toBeUndefined()
  })
})
