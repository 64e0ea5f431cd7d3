import { pinyin } from 'pinyin-pro'
import { describe, expect, it } from 'vitest'
import { editDistance, isWordPrefixAbbreviation, paletteFilter } from './filter'

/** What the palette offers an administrator: labels in both languages, route names, aliases. */
const ITEMS: Record<string, string[]> = {
  dashboard: ['Dashboard', '仪表盘', 'index', '/main/index'],
  dicts: ['Dictionaries', '字典管理', 'dict-management', '/main/dict-management'],
  values: ['Dictionary values', '字典值管理', 'dict-dt-management', '/main/dict-dt-management'],
  params: ['System parameters', '系统参数', 'parameter-management', '/main/parameter-management'],
  profile: ['Profile', '个人资料', 'settings-profile', '/main/settings-profile'],
  signOut: ['Sign out', '退出登录', 'logout', 'log out', 'log off', '注销'],
  theme: ['Use the light theme', '使用浅色主题', 'theme', 'light', 'dark', 'mode'],
  language: ['Switch the language to 简体中文', '切换语言为 简体中文', '简体中文', 'zh-CN'],
  stay: ['Stay signed in', '保持登录'],
  pinPages: ['Choose pinned pages', '选择固定的页面'],
}

const withPinyin = (keywords: string[]) => [
  ...keywords,
  ...keywords
    .filter((k) => /\p{Script=Han}/u.test(k))
    .flatMap((k) => [
      pinyin(k, { toneType: 'none', type: 'array' }).join(' '),
      pinyin(k, { pattern: 'first', toneType: 'none', type: 'array' }).join(''),
    ]),
]

function ranked(search: string): string[] {
  return Object.entries(ITEMS)
    .map(([id, kw]) => ({ id, score: paletteFilter(id, search, withPinyin(kw)) }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score)
    .map((r) => r.id)
}

describe('palette search', () => {
  it.each([
    ['dictonary', 'dicts'],
    ['dictionary val', 'values'],
    ['sysparam', 'params'],
    ['system param', 'params'],
    ['logout', 'signOut'],
    ['sign out', 'signOut'],
    ['light', 'theme'],
    ['dark', 'theme'],
    ['dashbord', 'dashboard'],
    ['profil', 'profile'],
    ['zdgl', 'dicts'],
    ['zdzgl', 'values'],
    ['xtcs', 'params'],
    ['xitong', 'params'],
    ['字典值', 'values'],
    ['字典', 'dicts'],
    ['zhuxiao', 'signOut'],
  ])('%s finds %s first', (search, first) => {
    expect(ranked(search)[0]).toBe(first)
  })

  it('ranks exact, then prefix, then looser matches', () => {
    const exact = paletteFilter('', 'profile', ['Profile'])
    const prefix = paletteFilter('', 'prof', ['Profile'])
    const word = paletteFilter('', 'param', ['System parameters'])
    const typo = paletteFilter('', 'profle', ['Profile'])
    expect(exact).toBeGreaterThan(prefix)
    expect(prefix).toBeGreaterThan(word)
    expect(word).toBeGreaterThan(typo)
    expect(typo).toBeGreaterThan(0)
  })

  it('finds nothing for unrelated words, and short words need to match as typed', () => {
    expect(ranked('invoice')).toEqual([])
    expect(ranked('xyz')).toEqual([])
    expect(paletteFilter('', 'dicx', ['Dashboard'])).toBe(0)
  })

  it('an empty search keeps everything', () => {
    expect(paletteFilter('', '  ', ['Dashboard'])).toBeGreaterThan(0)
  })
})

describe('matching helpers', () => {
  it('counts edits with transpositions', () => {
    expect(editDistance('dictonary', 'dictionary')).toBe(1)
    expect(editDistance('teh', 'the')).toBe(1)
    expect(editDistance('abc', 'abc')).toBe(0)
    expect(editDistance('kitten', 'sitting')).toBe(3)
    expect(editDistance('kitten', 'sitting', 1)).toBe(2)
  })

  it('reads abbreviations as word prefixes in order', () => {
    expect(isWordPrefixAbbreviation('sysparam', ['system', 'parameters'])).toBe(true)
    expect(isWordPrefixAbbreviation('paramsys', ['system', 'parameters'])).toBe(false)
    expect(isWordPrefixAbbreviation('zdgl', ['zi', 'dian', 'zhi', 'guan', 'li'])).toBe(true)
  })
})
