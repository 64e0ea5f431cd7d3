import { describe, expect, it } from 'vitest'
import type { MenuData } from '../../lib/menuModel'
import { menusBehind } from './followRights'

const menus = (rightsVersion?: string): MenuData => ({
  systemMenuList: [],
  buttonLinkPageList: [],
  pinnedList: [],
  recentList: [],
  ...(rightsVersion && { rightsVersion }),
})

/* The console asks for its menus again when the polled rights differ from theirs. */
describe('menusBehind', () => {
  it('is true when the rights changed since the menus were fetched', () => {
    expect(menusBehind(menus('a'), 'b')).toBe(true)
  })

  it('is true for menus cached before they carried a version (a reload after an upgrade)', () => {
    expect(menusBehind(menus(), 'b')).toBe(true)
  })

  it('is false while they agree, or before either is known', () => {
    expect(menusBehind(menus('a'), 'a')).toBe(false)
    expect(menusBehind(undefined, 'a')).toBe(false)
    expect(menusBehind(menus('a'), undefined)).toBe(false)
  })
})
