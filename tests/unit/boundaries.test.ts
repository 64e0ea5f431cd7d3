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
    [
      "import { Picker } from '../../src/domain/pickers'\nexport const x = Picker",
      'server/boundary-probe.ts',
    ],
    [
      "import { ListLayout } from '../../src/components/list'\nexport const x = ListLayout",
      'server/boundary-probe.ts',
    ],
    // The core layers import no module (modules subscribe, hand over jobs and demo data).
    [
      "import { createCards } from '../modules/cards/create'\nexport const x = createCards",
      'server/ledger/boundary-probe.ts',
    ],
    [
      "import { seedDemoCards } from '../modules/cards/demo'\nexport const x = seedDemoCards",
      'server/db/boundary-probe.ts',
    ],
    [
      "import { handleCardCreation } from '../modules/cards/creationEvent'\nexport const x = handleCardCreation",
      'server/channels/boundary-probe.ts',
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

  it('lets the demo seed compose the modules', async () => {
    const ids = await ruleIds(
      "import { seedDemoCards } from '../modules/cards/demo'\nexport const x = seedDemoCards",
      'server/demo/boundary-probe.ts',
    )
    expect(ids).not.toContain('no-restricted-imports')
  })

  it('refuses a server module function longer than 150 lines', async () => {
    const body = Array.from({ length: 151 }, (_, i) => `  const v${i} = ${i}`).join('\n')
    const ids = await ruleIds(
      `export function long() {\n${body}\n  return v0\n}\n`,
      'server/modules/cards/boundary-probe.ts',
    )
    expect(ids).toContain('max-lines-per-function')
  })
})

describe('import cycles', () => {
  // Two real files that import each other's values: server/channels/handlers.ts once imported
  // server/modules/cards/creationEvent.ts, which imported it back. A probe importing a file
  // that imports the probe's own path closes the same loop.
  it('refuses a file whose import leads back to it', async () => {
    const ids = await ruleIds(
      "import { subscribe } from './handlers'\nexport const x = subscribe",
      'server/channels/registry.ts',
    )
    expect(ids).not.toContain('import-x/no-cycle')
    const cyclic = await ruleIds(
      "import { registerCards } from '../modules/cards/routes'\nexport const subscribe = registerCards",
      'server/channels/handlers.ts',
    )
    expect(cyclic).toContain('import-x/no-cycle')
  })
})
