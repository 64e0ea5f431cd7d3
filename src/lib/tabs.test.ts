import { describe, expect, it } from 'vitest'
import {
  closeTab,
  keepPermittedTabs,
  neighbourTab,
  openTab,
  type OpenedTab,
  titleTab,
} from './tabs'

const tab = (name: string, search = ''): OpenedTab => ({
  path: `/main/${name}`,
  href: `/main/${name}${search}`,
  nameKey: name,
})
const a = tab('a')
const b = tab('b')
const c = tab('c')

describe('tabs', () => {
  it('opens a page once and remembers its last href', () => {
    expect(openTab([], a)).toEqual([a])
    expect(openTab([a, b], tab('a', '?page=2'))).toEqual([tab('a', '?page=2'), b])
    const same = [a, b]
    expect(openTab(same, a)).toBe(same)
  })

  it('closing the current tab shows its right neighbour, else its left one', () => {
    expect(closeTab([a, b, c], '/main/b', '/main/b')).toEqual({ tabs: [a, c], next: c })
    expect(closeTab([a, b, c], '/main/c', '/main/c')).toEqual({ tabs: [a, b], next: b })
    expect(closeTab([a], '/main/a', '/main/a')).toEqual({ tabs: [], next: null })
  })

  it('closing another tab keeps the page', () => {
    expect(closeTab([a, b, c], '/main/a', '/main/b')).toEqual({ tabs: [b, c], next: null })
  })

  it('moves to the next and previous tab, wrapping around', () => {
    expect(neighbourTab([a, b, c], '/main/c', 1)).toBe(a)
    expect(neighbourTab([a, b, c], '/main/a', -1)).toBe(c)
    expect(neighbourTab([a, b, c], '/main/a', 1)).toBe(b)
    expect(neighbourTab([a], '/main/a', 1)).toBeNull()
    expect(neighbourTab([a, b], '/main/x', -1)).toBe(b)
    expect(neighbourTab([], '/main/x', 1)).toBeNull()
  })

  it('drops tabs that are no longer permitted', () => {
    expect(keepPermittedTabs([a, b], new Set(['/main/b']))).toEqual([b])
  })
})

describe('tab titles (a form shows its heading)', () => {
  const form = { path: '/main/x-save', href: '/main/x-save', nameKey: 'x-save' }
  it('keeps a title when the page is visited again without one', () => {
    const titled = titleTab(openTab([], form), form.path, 'dict:addTitle')
    expect(titled[0].titleKey).toBe('dict:addTitle')
    const again = openTab(titled, { ...form, href: '/main/x-save?id=3' })
    expect(again[0]).toEqual({ ...form, href: '/main/x-save?id=3', titleKey: 'dict:addTitle' })
  })
  it('changes nothing for a page without a tab', () => {
    const tabs = openTab([], form)
    expect(titleTab(tabs, '/main/other', 'dict:addTitle')).toBe(tabs)
  })
})
