import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { Theme } from '@radix-ui/themes'
import '@radix-ui/themes/styles.css'
import i18next from 'i18next'
import { I18nextProvider } from 'react-i18next'
import { describe, expect, it, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { render } from 'vitest-browser-react'
import { resources } from '../../i18n/resources'
import { FieldInputs } from '../resource/FieldInputs'
import { dictionaries } from '../../resources/dictionaries'
import { formSchemaOf, initialOf } from '../../resources/formFacts'
import { FormShell } from './FormShell'
import { useZodForm } from './useZodForm'

/*
 * The form kit as a user meets it, in Chromium: a resource's form drawn from its definition
 * (the dictionary's), typed into, submitted by keyboard. What the end-to-end dictionary and
 * forms journeys asserted about the kit itself lives here (docs/testing.md, "Moved tests").
 */
vi.mock('../../api/client', () => ({ call: vi.fn(), ApiError: class ApiError extends Error {} }))

async function i18nIn(lng: 'en-US' | 'zh-CN') {
  const i18n = i18next.createInstance()
  await i18n.init({ resources, lng, defaultNS: 'common', initAsync: false })
  return i18n
}

const schema = formSchemaOf(dictionaries.save, dictionaries.fields)

function DictForm({ submit, readOnly }: { submit: (v: unknown) => void; readOnly?: boolean }) {
  const form = useZodForm({
    schema,
    initial: initialOf(dictionaries.save, dictionaries.fields),
    submit: async (v) => submit(v),
  })
  return (
    <FormShell form={form} label="Dictionary" readOnly={readOnly}>
      <FieldInputs def={dictionaries} form={form} />
    </FormShell>
  )
}

async function drawForm(opts: { readOnly?: boolean; lng?: 'en-US' | 'zh-CN' } = {}) {
  const submit = vi.fn()
  const i18n = await i18nIn(opts.lng ?? 'en-US')
  const screen = await render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <Theme>
          <DictForm submit={submit} readOnly={opts.readOnly} />
        </Theme>
      </QueryClientProvider>
    </I18nextProvider>,
  )
  return { screen, submit }
}

describe('the form kit in the browser', () => {
  it('refuses an empty save: each required field says so, the first one takes the focus', async () => {
    const { screen, submit } = await drawForm()
    await screen.getByRole('button', { name: 'Save' }).click()
    const code = screen.getByLabelText('Code', { exact: true })
    await expect.element(code).toHaveAttribute('aria-invalid', 'true')
    await expect.element(code).toHaveFocus()
    await expect
      .element(screen.getByLabelText('Name', { exact: true }))
      .toHaveAttribute('aria-invalid', 'true')
    await expect.element(screen.getByText('Cannot be empty').first()).toBeVisible()
    expect(submit).not.toHaveBeenCalled()
    // A fixed field clears its message at once, before the next try.
    await code.fill('card_type')
    await expect.element(code).not.toHaveAttribute('aria-invalid', 'true')
  })

  it('says the same in Chinese', async () => {
    const { screen } = await drawForm({ lng: 'zh-CN' })
    await screen.getByRole('button', { name: '保存' }).click()
    await expect.element(screen.getByText('不能为空').first()).toBeVisible()
  })

  it('in a textarea Enter adds a line and Ctrl+Enter submits the form', async () => {
    const { screen, submit } = await drawForm()
    await screen.getByLabelText('Code', { exact: true }).fill('e2e_ctrl_enter')
    await screen.getByLabelText('Name', { exact: true }).fill('Saved by Ctrl+Enter')
    const remark = screen.getByLabelText('Remark', { exact: true })
    await remark.click()
    await userEvent.keyboard('line one{Enter}line two')
    await expect.element(remark).toHaveValue('line one\nline two')
    expect(submit).not.toHaveBeenCalled()
    await userEvent.keyboard('{Control>}{Enter}{/Control}')
    await expect.poll(() => submit.mock.calls.length).toBe(1)
    expect(submit.mock.calls[0][0]).toMatchObject({
      code: 'e2e_ctrl_enter',
      name: 'Saved by Ctrl+Enter',
      remark: 'line one\nline two',
    })
  })

  it('on a read-only form Ctrl+Enter does not submit: its Save is disabled', async () => {
    const { screen, submit } = await drawForm({ readOnly: true })
    await expect.element(screen.getByRole('button', { name: 'Save' })).toBeDisabled()
    await screen.getByLabelText('Remark', { exact: true }).click()
    await userEvent.keyboard('x{Control>}{Enter}{/Control}')
    // Enter in a text field does not submit it either.
    await screen.getByLabelText('Code', { exact: true }).click()
    await userEvent.keyboard('abc{Enter}')
    expect(submit).not.toHaveBeenCalled()
    await expect.element(page.getByRole('button', { name: 'Save' })).toBeDisabled()
  })

  it('refuses a value longer than the field allows, naming the limit', async () => {
    const { screen, submit } = await drawForm()
    const code = screen.getByLabelText('Code', { exact: true })
    // The input stops at its limit: what is typed past it is not kept.
    const max = Number(await code.element().getAttribute('maxlength'))
    expect(max).toBeGreaterThan(0)
    await code.fill('x'.repeat(max + 5))
    await expect.element(code).toHaveValue('x'.repeat(max))
    expect(submit).not.toHaveBeenCalled()
  })
})
