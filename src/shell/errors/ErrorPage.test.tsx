import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { resources } from '../../i18n/resources'
import { forbiddenText } from './ErrorPage'
import { decodeRefusal, encodeRefusal } from './fromSearch'

const i18n = i18next.createInstance()
await i18n.init({
  resources,
  lng: 'en-US',
  defaultNS: 'common',
  initAsync: false,
  // As the console (src/i18n/index.ts): React escapes, i18next does not.
  interpolation: { escapeValue: false },
})
const COUNTRY = 'IP access from this country/region is not supported at the moment.'

/* The 403 page's text names the refusal it was sent with (`?refusal=`), never a guess. */
describe('the refusal page', () => {
  it('names a missing screen by its label, in the reader’s language, without the country text', async () => {
    await i18n.changeLanguage('en-US')
    const text = forbiddenText(i18n.t, decodeRefusal('menu:cards-transactions'), true)
    expect(text).toContain('“Card transactions”')
    expect(text).not.toContain(COUNTRY)
    await i18n.changeLanguage('zh-CN')
    const zh = forbiddenText(i18n.t, decodeRefusal('menu:cards-transactions'), true)
    expect(zh).toContain(i18n.t('menu:cards-transactions'))
    expect(zh).not.toContain(i18n.t('shell:error403.text'))
  })

  it('names a missing button as screen › button', async () => {
    await i18n.changeLanguage('en-US')
    const refusal = decodeRefusal(encodeRefusal({ kind: 'button', button: 'cards-balance:freeze' }))
    expect(forbiddenText(i18n.t, refusal, true)).toContain(
      `“${i18n.t('menu:cards-balance')} › ${i18n.t('menu:button.freeze')}”`,
    )
  })

  it('shows the country text for a refused country only', async () => {
    await i18n.changeLanguage('en-US')
    expect(forbiddenText(i18n.t, { kind: 'country' }, false)).toBe(COUNTRY)
    for (const other of [undefined, { kind: 'platformAdmin' } as const]) {
      expect(forbiddenText(i18n.t, other, true)).not.toBe(COUNTRY)
    }
  })

  it('says the session ended when no session is left, and knows nothing it was not told', async () => {
    await i18n.changeLanguage('en-US')
    expect(forbiddenText(i18n.t, decodeRefusal('menu:index'), false)).toBe(
      i18n.t('shell:error403.sessionEnded'),
    )
    expect(decodeRefusal('somethingElse')).toBeUndefined()
    expect(forbiddenText(i18n.t, undefined, true)).toBe(i18n.t('shell:error403.notPermitted'))
  })
})
