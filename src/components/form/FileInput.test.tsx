import { Theme } from '@radix-ui/themes'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { PROOF_FILE } from '../../lib/files'
import { FileInput, pickFile } from './FileInput'

/** A picked file whose bytes the test can see being read. */
function picked(type: string, size: number) {
  const read = vi.fn(async () => new Uint8Array(Math.min(size, 4)).buffer)
  return { file: { name: 'proof', type, size, arrayBuffer: read } as unknown as File, read }
}

describe('file inputs check before sending', () => {
  it('refuses a file over the limit without reading it', async () => {
    const { file, read } = picked('application/pdf', 20 * 1024 * 1024)
    expect(await pickFile(file, PROOF_FILE)).toEqual({ problem: 'size' })
    expect(read).not.toHaveBeenCalled()
  })

  it('refuses another type without reading it', async () => {
    const { file, read } = picked('application/zip', 10)
    expect(await pickFile(file, PROOF_FILE)).toEqual({ problem: 'type' })
    expect(read).not.toHaveBeenCalled()
  })

  it('reads a file within the rule for the body', async () => {
    const { file } = picked('image/png', PROOF_FILE.maxBytes)
    const result = await pickFile(file, PROOF_FILE)
    expect(result).toMatchObject({ file: { name: 'proof', contentType: 'image/png' } })
  })

  it('states the limit and marks the field required', () => {
    const html = renderToStaticMarkup(
      <Theme>
        <FileInput
          label="Proof"
          rule={PROOF_FILE}
          required
          limit="The proof file must be at most 512 KB"
          messages={{ type: 'wrong type', size: 'too large' }}
          onChange={() => {}}
        />
      </Theme>,
    )
    expect(html).toContain('The proof file must be at most 512 KB')
    expect(html).toContain('aria-required="true"')
    expect(html).toContain('accept="application/pdf,image/png,image/jpeg"')
  })
})
