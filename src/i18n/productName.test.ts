import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { resources } from './resources'

/**
 * Issue 26: the screens said "VCC Management Platform", the README and the mails "VCC
 * Console". The product has one name per language, the screens' (common:productName, SPEC §1:
 * "a management-platform suffix"); every text a user or an operator reads says that name.
 */
const NAMES = {
  'en-US': resources['en-US'].common.productName,
  'zh-CN': resources['zh-CN'].common.productName,
}

const root = new URL('../../', import.meta.url)
const read = (path: string) => readFileSync(new URL(path, root), 'utf8')
const localeFiles = (lang: string) =>
  readdirSync(new URL(`src/i18n/locales/${lang}/`, root)).map(
    (f) => `src/i18n/locales/${lang}/${f}`,
  )

/** Where the product names itself: messages, mails, the sender, the footer, the README. */
const TEXTS = [
  ...localeFiles('en-US'),
  ...localeFiles('zh-CN'),
  'server/mail/templates/seed.ts',
  'server/config.ts',
  'server/demo/reference.ts',
  'server/contract.ts',
  'README.md',
]

describe('the product name', () => {
  it('is the screens’ name in both languages', () => {
    expect(NAMES).toEqual({ 'en-US': 'VCC Management Platform', 'zh-CN': 'VCC 管理平台' })
  })

  it('is the only name the product goes by in messages, mails, the footer and the README', () => {
    // "VCC" followed by a word: the product named, in one language or the other.
    const others = TEXTS.flatMap((path) =>
      [...read(path).matchAll(/VCC[ \t]+[^\s"'`<,.;:)]+(?:[ \t]+[A-Z][a-z]+)?/g)]
        .map((m) => m[0])
        .filter((n) => !n.startsWith(NAMES['en-US']) && !n.startsWith(NAMES['zh-CN']))
        .map((n) => `${path}: ${n}`),
    )
    expect(others).toEqual([])
  })
})
