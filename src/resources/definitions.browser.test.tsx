import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { Theme } from '@radix-ui/themes'
import i18next from 'i18next'
import { I18nextProvider } from 'react-i18next'
import { describe, expect, it, vi } from 'vitest'
import { render } from 'vitest-browser-react'
import { z } from 'zod'
import { FieldInputs } from '../components/resource/FieldInputs'
import { useFieldColumns, useViewRows } from '../components/resource/fieldValues'
import { ViewRows } from '../components/resource/ResourceView'
import { ColumnTable } from '../components/list/ColumnTable'
import { useZodForm } from '../components/form'
import { resources } from '../i18n/resources'
import type { AnyResource } from './kit'
import { fieldsIn, labelKey } from './fields'
import { formSchemaOf, initialOf } from './formFacts'
import {
  definitions,
  LANGUAGES,
  message,
  type Definition,
  type Language,
} from './definitionsUnderTest'

/*
 * One generated test per resource definition (docs/testing.md, "What a new screen may add"),
 * drawn in Chromium: its list's columns, its form's inputs and its view's rows, in both
 * languages, each labelled; the form's required marks and lengths as the save schema says. A
 * definition added to the registry is covered the day it is written.
 *
 * The expectations are read from the definition and the messages here, not from the kit's own
 * helpers: "required" is what the save schema refuses both absent and empty, a length is the
 * JSON Schema's maxLength of the save body.
 */
vi.mock('../api/client', () => ({ call: vi.fn(), ApiError: class ApiError extends Error {} }))

/** A label's text, '' when the messages have none. */
const label = (lang: Language, key: string) => {
  const text = message(lang, key)
  return typeof text === 'string' ? text : ''
}

/** Refused both absent and empty: the form must mark it required. */
function requiredBySchema(schema: z.ZodType): boolean {
  return !schema.safeParse(undefined).success && !schema.safeParse('').success
}

/** The save body's string lengths, as a client built from the contract would see them. */
function maxLengths(save: z.ZodObject): Record<string, number | undefined> {
  const json = z.toJSONSchema(save, { io: 'input', unrepresentable: 'any' }) as {
    properties: Record<string, { maxLength?: number }>
  }
  return Object.fromEntries(Object.entries(json.properties).map(([k, v]) => [k, v.maxLength]))
}

async function i18nIn(lng: Language) {
  const i18n = i18next.createInstance()
  await i18n.init({ resources, lng, defaultNS: 'common', initAsync: false })
  return i18n
}

function Drawn({ def }: { def: Definition }) {
  const resource = def as unknown as AnyResource
  const columns = useFieldColumns(resource)
  const rows = useViewRows(resource, {} as never)
  const form = useZodForm({
    schema: formSchemaOf(def.save, def.fields),
    initial: initialOf(def.save, def.fields),
    submit: async () => undefined,
  })
  return (
    <>
      <section data-testid="list">
        <ColumnTable columns={columns} rows={[]} rowKey={() => 0} />
      </section>
      <form data-testid="form">
        <FieldInputs def={resource} form={form as never} />
      </form>
      <section data-testid="view">
        <ViewRows rows={rows} />
      </section>
    </>
  )
}

async function draw(def: Definition, lang: Language) {
  const i18n = await i18nIn(lang)
  const screen = await render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <Theme>
          <Drawn def={def} />
        </Theme>
      </QueryClientProvider>
    </I18nextProvider>,
  )
  const part = (id: string) => screen.container.querySelector(`[data-testid="${id}"]`)!
  return { part, unmount: () => screen.unmount() }
}

const TYPED = ['text', 'textarea', 'number']
const text = (el: Element) => (el.textContent ?? '').trim()

describe('every resource definition, drawn', () => {
  it('there are some', () => {
    expect(definitions.length).toBeGreaterThan(10)
  })

  describe.each(definitions.map((d) => [`${d.screen} (${d.name})`, d] as const))('%s', (_, d) => {
    it.each(LANGUAGES)('shows its list, form and view labelled in %s', async (lang) => {
      const labelOf = (name: string) => label(lang, labelKey(d.messages, name))
      const { part, unmount } = await draw(d, lang)

      const headers = [...part('list').querySelectorAll('th[scope="col"]')].map(text)
      expect(headers).toEqual(fieldsIn(d.fields, 'list').map(labelOf))

      const formLabels = [...part('form').querySelectorAll('label')].map(text)
      expect(formLabels).toEqual(fieldsIn(d.fields, 'form').map(labelOf))

      const viewLabels = fieldsIn(d.fields, 'view').map(labelOf)
      for (const l of viewLabels) expect(text(part('view'))).toContain(l)
      for (const l of [...headers, ...formLabels, ...viewLabels]) expect(l).not.toBe('')
      unmount()
    })

    it('marks required what the save schema refuses empty, and limits lengths as it does', async () => {
      const { part, unmount } = await draw(d, 'en-US')
      const lengths = maxLengths(d.save)
      for (const name of fieldsIn(d.fields, 'form')) {
        const labelEl = [...part('form').querySelectorAll('label')].find(
          (l) => text(l) === label('en-US', labelKey(d.messages, name)),
        )!
        const control = part('form').querySelector(`[id="${labelEl.getAttribute('for')}"]`)!
        expect(control, name).not.toBeNull()
        const required = requiredBySchema(d.save.shape[name] as z.ZodType)
        expect([name, control.getAttribute('aria-required') === 'true']).toEqual([name, required])
        if (lengths[name] !== undefined && control.hasAttribute('maxlength')) {
          expect([name, Number(control.getAttribute('maxlength'))]).toEqual([name, lengths[name]])
        }
        // A typed value has the schema's limit; a choice (picker, dictionary) is limited by its options.
        if (lengths[name] !== undefined && TYPED.includes(d.fields[name].widget)) {
          expect([name, control.hasAttribute('maxlength')]).toEqual([name, true])
        }
      }
      unmount()
    })
  })
})
