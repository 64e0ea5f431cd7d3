import { describe, expect, it } from 'vitest'
import { filesByTier, PGLITE_SET, testFiles, tierOf } from './testTiers'

describe('the Vitest tiers', () => {
  it('puts a file that opens a database through the harness, however it is reached, in api', () => {
    expect(tierOf('server/modules/health/health.test.ts')).toBe('api') // ../../testing/harness
    expect(tierOf('server/db/dataDirLock.test.ts')).toBe('api') // ../testing/serverProcess
    expect(tierOf('scripts/ledger-verify.test.ts')).toBe('api') // ../server/db/client
  })

  it('keeps pure tests out of it, an import named in a string included', () => {
    expect(tierOf('server/ledger/ledger.property.test.ts')).toBe('unit')
    // imports src/api/client, which is not the database's
    expect(tierOf('src/shell/layout/chooseLanguage.test.ts')).toBe('unit')
    expect(tierOf('tests/unit/boundaries.test.ts')).toBe('unit')
    expect(tierOf('src/components/list/ColumnTable.test.tsx')).toBe('component')
  })

  it('runs a .browser.test.tsx file in the browser', () => {
    expect(tierOf('src/components/form/FormKit.browser.test.tsx')).toBe('browser')
  })

  it('places every test file in exactly one tier', () => {
    const tiers = filesByTier()
    const placed = [...tiers.unit, ...tiers.component, ...tiers.browser, ...tiers.api].sort()
    expect(placed).toEqual(testFiles())
  })

  it('runs on PGlite beside PostgreSQL only API files that exist', () => {
    const api = new Set(filesByTier().api)
    expect(PGLITE_SET.filter((f) => !api.has(f))).toEqual([])
  })
})
