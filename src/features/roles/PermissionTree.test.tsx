import { Theme } from '@radix-ui/themes'
import i18next from 'i18next'
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { describe, expect, it } from 'vitest'
import { resources } from '../../i18n/resources'
import { PermissionTree } from './PermissionTree'
import { buildTree } from './permissionTree'

const i18n = i18next.createInstance()
await i18n.init({ resources, lng: 'en-US', defaultNS: 'common', initAsync: false })

const tree = buildTree([
  { id: 30, name: 'card-management', parentId: null, label: 'Cards', grantable: true, buttons: [] },
  {
    id: 32,
    name: 'cards-balance-view-card-detail',
    parentId: 30,
    label: 'Card details',
    grantable: true,
    buttons: [],
  },
  {
    id: 33,
    name: 'cards-transactions',
    parentId: 30,
    label: 'Card transactions',
    grantable: true,
    buttons: [],
  },
])

const draw = async (lang: string) => {
  await i18n.changeLanguage(lang)
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <Theme>
        <PermissionTree tree={tree} granted={new Set()} onChange={() => {}} id="t" label="P" />
      </Theme>
    </I18nextProvider>,
  )
}

describe('PermissionTree', () => {
  it('says why a screen ticks another: it shows its data, in the reader’s language', async () => {
    const html = await draw('en-US')
    // The card detail item's name is its label and its needs: the text it shows (WCAG 2.5.3).
    expect(html).toMatch(
      /aria-labelledby="t-m32 t-m32-needs"[\s\S]*?id="t-m32-needs"[^>]*>Needs Card transactions/,
    )
    expect(html).not.toContain('t-m33-needs')
    expect(await draw('zh-CN')).toContain('需要 Card transactions')
  })
})
