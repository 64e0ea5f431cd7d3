import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

/** DESIGN §3's import rules are lint errors: each case here must be refused. */
const eslint = new ESLint()

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return result.messages.map((m) => m.ruleId ?? m.message)
}

describe('import boundaries', () => {
  it.each([
    ["import { useState } from 'react'\nexport const x = useState", 'src/lib/boundary-probe.ts'],
    ["import { Hono } from 'hono'\nexport const x = Hono", 'src/machines/boundary-probe.ts'],
    [
      "import { db } from '../../server/db/client'\nexport const x = db",
      'src/lib/boundary-probe.ts',
    ],
    ["import { router } from '../routes/x'\nexport const x = router", 'src/lib/boundary-probe.ts'],
    [
      "import { Login } from '../../src/features/auth/Login'\nexport const x = Login",
      'server/boundary-probe.ts',
    ],
  ])('refuses %s in %s', async (code, file) => {
    expect(await ruleIds(code, file)).toContain('no-restricted-imports')
  })

  it('refuses a feature importing another feature', async () => {
    const ids = await ruleIds(
      "import { x } from '../param/anything'\nexport const y = x",
      'src/features/dict/boundary-probe.ts',
    )
    expect(ids).toContain('no-restricted-imports')
  })

  it('refuses the domain layer importing a feature', async () => {
    const ids = await ruleIds(
      "import { x } from '../features/cards/resource'\nexport const y = x",
      'src/domain/boundary-probe.ts',
    )
    expect(ids).toContain('no-restricted-imports')
  })

  it('lets a feature use src/lib and src/components', async () => {
    const ids = await ruleIds(
      "import { text } from '../../lib/validators'\nexport const x = text",
      'src/features/dict/boundary-probe.ts',
    )
    expect(ids).not.toContain('no-restricted-imports')
  })
})
