import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { Theme } from '@radix-ui/themes'
import i18next from 'i18next'
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { describe, expect, it, vi } from 'vitest'
import { resources } from '../../i18n/resources'
import { cardGroupRules } from '../../resources/cardGroups'
import { formSchemaOf, initialOf } from '../../resources/formFacts'
import { useZodForm } from '../form'
import { FieldInputs } from './FieldInputs'

/*
 * A form's inputs from the definition's fields, with what the screen adds: a field the form
 * leaves out (`hidden`: a platform rule names no merchant) is not drawn; hints and a required
 * mark of the screen's own are. Drawn on the server (no DOM library in this project).
 */
vi.mock('../../api/client', () => ({ call: vi.fn(), ApiError: class ApiError extends Error {} }))

const i18n = i18next.createInstance()
await i18n.init({ resources, lng: 'en-US', defaultNS: 'common', initAsync: false })

const schema = formSchemaOf(cardGroupRules.save, cardGroupRules.fields)

function RuleInputs({ platform }: { platform: boolean }) {
  const form = useZodForm({
    schema,
    initial: initialOf(cardGroupRules.save, cardGroupRules.fields),
    submit: async () => undefined,
  })
  return (
    <FieldInputs
      def={cardGroupRules}
      form={form}
      extra={{
        merchantId: { hidden: platform, required: true, options: [{ value: '4', label: 'Sky' }] },
        floatingRatio: { hint: 'How far the limits may exceed the deposit' },
      }}
    />
  )
}

const draw = (platform: boolean) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <Theme>
          <RuleInputs platform={platform} />
        </Theme>
      </QueryClientProvider>
    </I18nextProvider>,
  )
const labels = (html: string) =>
  [...html.matchAll(/<label[^>]*>([^<]+)/g)].map((m) => m[1].trim()).filter(Boolean)

describe('FieldInputs', () => {
  it('draws the form fields in their order, labelled by the convention', () => {
    expect(labels(draw(false))).toEqual([
      'Rule name',
      'Merchant',
      'Balance floating ratio (%)',
      'Warning threshold (%)',
      'Max cards per group',
      'Remark',
    ])
  })

  it('leaves out a hidden field, and keeps the screen’s hints', () => {
    const html = draw(true)
    expect(labels(html)).not.toContain('Merchant')
    expect(labels(html)).toHaveLength(5)
    expect(html).toContain('How far the limits may exceed the deposit')
  })
})
