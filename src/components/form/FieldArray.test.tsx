import i18next from 'i18next'
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { resources } from '../../i18n/resources'
import { FieldArray } from './FieldArray'
import { TextInput } from './TextInput'
import { useZodForm } from './useZodForm'

/*
 * The row list drawn on the server (no DOM library in this project): which rows, fields,
 * names and buttons a form with rows starts with. The keyboard rules are src/lib/rowKeys.ts
 * (tested there); this checks they are wired to the right rows.
 */
// The API client starts the browser's i18n and storage; this test only needs its error class.
vi.mock('../../api/client', () => ({ ApiError: class ApiError extends Error {} }))

const i18n = i18next.createInstance()
await i18n.init({ resources, lng: 'en-US', defaultNS: 'common', initAsync: false })

const schema = z.object({
  tiers: z.array(z.object({ from: z.string(), fee: z.string() })).min(1),
})

function Tiers({ rows, readOnly }: { rows: number; readOnly?: boolean }) {
  const form = useZodForm({
    schema,
    initial: {
      tiers: Array.from({ length: rows }, (_, i) => ({ from: String(i * 100), fee: String(i) })),
    },
    submit: async () => undefined,
  })
  return (
    <FieldArray
      form={form}
      name="tiers"
      label="Fee tiers"
      min={1}
      max={3}
      readOnly={readOnly}
      newRow={() => ({ from: '', fee: '' })}
    >
      {({ path }) => (
        <>
          <TextInput form={form} name={`${path}.from`} label="From" />
          <TextInput form={form} name={`${path}.fee`} label="Fee" />
        </>
      )}
    </FieldArray>
  )
}

const draw = (rows: number, readOnly?: boolean) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <Tiers rows={rows} readOnly={readOnly} />
    </I18nextProvider>,
  )

const button = (html: string, label: string) =>
  new RegExp(`<button[^>]*aria-label="${label}"[^>]*>`).exec(html)?.[0] ?? ''

describe('FieldArray', () => {
  it('draws one named group per row with its fields under dotted names', () => {
    const html = draw(2)
    expect(html).toContain('<legend')
    expect(html).toContain('Fee tiers')
    expect(html.match(/role="group"/g)).toHaveLength(2)
    expect(html).toContain('aria-label="Row 1"')
    expect(html).toContain('aria-label="Row 2"')
    expect(html).toContain('name="tiers.0.from"')
    expect(html).toContain('name="tiers.1.fee"')
    expect(html).toContain('value="100"')
    expect(html).toContain('Alt+↑ / Alt+↓ move a row')
  })

  it('disables the moves past either end, removal at the minimum and adding at the maximum', () => {
    const two = draw(2)
    expect(button(two, 'Move row 1 up')).toContain('disabled')
    expect(button(two, 'Move row 1 down')).not.toContain('disabled')
    expect(button(two, 'Move row 2 down')).toContain('disabled')
    expect(button(two, 'Remove row 1')).not.toContain('disabled')
    const one = draw(1)
    expect(button(one, 'Remove row 1')).toContain('disabled')
    const addDisabled = /<button[^>]*disabled=""[^>]*>[^<]*Add row/
    expect(draw(3)).toMatch(addDisabled)
    expect(two).toContain('Add row')
    expect(two).not.toMatch(addDisabled)
  })

  it('read-only: the rows without their buttons', () => {
    const html = draw(2, true)
    expect(html).toContain('name="tiers.1.fee"')
    expect(html).not.toContain('Remove row')
    expect(html).not.toContain('Add row')
  })
})
