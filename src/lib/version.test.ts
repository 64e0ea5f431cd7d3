import { describe, expect, it } from 'vitest'
import { versionDecision } from './version'

describe('versionDecision', () => {
  it('stores the first version seen', () => expect(versionDecision(null, 'a1')).toBe('store'))
  it('keeps running on the same version', () => expect(versionDecision('a1', 'a1')).toBe('same'))
  it('reloads on a new version', () => expect(versionDecision('a1', 'b2')).toBe('reload'))
  it('ignores an unreadable answer', () => {
    expect(versionDecision('a1', undefined)).toBe('ignore')
    expect(versionDecision(null, 42)).toBe('ignore')
    expect(versionDecision('a1', '')).toBe('ignore')
  })
})
