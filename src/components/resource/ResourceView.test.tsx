import i18next from 'i18next'
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { describe, expect, it } from 'vitest'
import { resources } from '../../i18n/resources'
import { ViewSections, type ViewSection } from './ResourceView'

/*
 * A detail screen's own parts (resourceViewScreen's `sections`): each under its heading in the
 * user's language, in order; one the record has not (`show`) is left out, heading and all; the
 * parts get the user's buttons. Drawn on the server (no DOM library in this project).
 */
const i18n = i18next.createInstance()
await i18n.init({ resources, lng: 'en-US', defaultNS: 'common', initAsync: false })

type Entry = { reason: string | null; body: string }
const sections: ViewSection<Entry>[] = [
  { title: 'audit:detail.reason', body: (r) => r.reason, show: (r) => !!r.reason },
  { title: 'audit:detail.changes', body: (r, can) => `${r.body} ${can('edit') ? 'editable' : ''}` },
]

async function draw(record: Entry, lang = 'en-US') {
  await i18n.changeLanguage(lang)
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <ViewSections sections={sections} record={record} can={(b) => b === 'edit'} />
    </I18nextProvider>,
  )
}

describe('ViewSections', () => {
  it('draws each section under its heading, in order, with the user’s buttons', async () => {
    const html = await draw({ reason: 'customer call', body: 'the table' })
    expect(html).toMatch(
      /<h2[^>]*>Reason<\/h2>customer call.*<h2[^>]*>Changes<\/h2>the table editable/,
    )
    expect(await draw({ reason: 'x', body: 'y' }, 'zh-CN')).toContain('>变更</h2>')
  })

  it('leaves out a section the record has not, heading and all', async () => {
    const html = await draw({ reason: null, body: 'the table' })
    expect(html).not.toContain('Reason')
    expect(html).toContain('>Changes</h2>the table')
  })
})
