import { Theme } from '@radix-ui/themes'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { SelectInput, type Option } from './SelectInput'
import { useZodForm } from './useZodForm'

/*
 * Issue 17: a picker with nothing to pick says why, once, in the shared component. Drawn on the
 * server (no DOM library in this project): the reason sits where the hint goes and the control
 * is described by it.
 */
vi.mock('../../api/client', () => ({ ApiError: class ApiError extends Error {} }))

const REASON = 'No card BIN in shared mode for USD is assigned to this merchant'

function Picker({ options, hint }: { options: Option[]; hint?: string }) {
  const form = useZodForm({
    schema: z.object({ bin: z.string() }),
    initial: { bin: '' },
    submit: async () => undefined,
  })
  return (
    <SelectInput
      form={form}
      name="bin"
      label="Card BIN"
      options={options}
      hint={hint}
      emptyReason={REASON}
    />
  )
}

const draw = (options: Option[], hint?: string) =>
  renderToStaticMarkup(
    <Theme>
      <Picker options={options} hint={hint} />
    </Theme>,
  )
const describedBy = (html: string) => /aria-describedby="([^"]+)"/.exec(html)?.[1]

describe('SelectInput emptyReason', () => {
  it('says the reason under an empty picker and describes the control with it', () => {
    const html = draw([])
    expect(html).toContain(REASON)
    expect(html).toContain('data-empty-reason="true"')
    const id = describedBy(html)
    expect(id).toBeDefined()
    expect(html).toContain(`id="${id}"`)
  })

  it('says nothing of it while there are options, keeping the usual hint', () => {
    const html = draw([{ value: '1', label: '41118900 · visa' }], 'Pick one')
    expect(html).not.toContain(REASON)
    expect(html).not.toContain('data-empty-reason')
    expect(html).toContain('Pick one')
  })
})
