import { describe, expect, it } from 'vitest'
import { LANGUAGES } from './languages'
import { NAMESPACES, resources } from './resources'

/**
 * DESIGN §7: every visible string exists in en-US and zh-CN. A key present in one language and
 * missing (or empty) in the other fails here, in every namespace of the product.
 */
const PLURAL = /_(zero|one|two|few|many|other)$/

/** "a.b.c" paths of the string leaves; plural forms count as their base key (zh has no _one). */
function keysOf(tree: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  if (tree && typeof tree === 'object') {
    for (const [k, v] of Object.entries(tree)) {
      const path = prefix ? `${prefix}.${k}` : k
      if (typeof v === 'string') out.set(path.replace(PLURAL, ''), v)
      else for (const [p, s] of keysOf(v, path)) out.set(p, s)
    }
  }
  return out
}

describe('translations', () => {
  it('has the same namespaces in every language', () => {
    for (const lang of LANGUAGES) {
      expect(Object.keys(resources[lang]).sort()).toEqual([...NAMESPACES].sort())
    }
  })

  for (const ns of NAMESPACES) {
    it(`namespace "${ns}" has every key in both languages, none empty`, () => {
      const [first, ...others] = LANGUAGES.map((lang) => ({
        lang,
        keys: keysOf(resources[lang][ns]),
      }))
      for (const other of others) {
        const missingIn = (a: typeof first, b: typeof first) =>
          [...a.keys.keys()].filter((k) => !b.keys.has(k)).map((k) => `${b.lang} lacks ${ns}:${k}`)
        expect([...missingIn(first, other), ...missingIn(other, first)]).toEqual([])
      }
      for (const { lang, keys } of [first, ...others]) {
        const empty = [...keys]
          .filter(([, v]) => v.trim() === '')
          .map(([k]) => `${lang} ${ns}:${k}`)
        expect(empty).toEqual([])
      }
    })
  }
})
