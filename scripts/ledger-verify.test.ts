import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../server/db/client'
import { ledgerAccounts } from '../server/db/schema'
import { openBank } from '../server/testing/bank'
import { TestClock } from '../server/testing/harness'

const dir = mkdtempSync(path.join(tmpdir(), 'ledger-verify-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const run = () =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/ledger-verify.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dir, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  })

describe('npm run ledger:verify', () => {
  it('passes on a sound ledger and fails, listing the account, on a tampered one', async () => {
    const database = openDatabase({ dataDir: dir })
    await database.migrate()
    const [first] = await openBank(database.db, new TestClock(), 2)
    await database.close()

    const good = run()
    expect(good.stdout).toContain('ledger:verify OK')
    expect(good.status).toBe(0)

    const again = openDatabase({ dataDir: dir })
    const [row] = await again.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, first))
    await again.db
      .update(ledgerAccounts)
      .set({ creditsPosted: row.creditsPosted + 1 })
      .where(eq(ledgerAccounts.id, first))
    await again.close()

    const bad = run()
    expect(bad.status).toBe(1)
    expect(bad.stderr).toContain('FAILED')
    expect(bad.stderr).toContain(`"id":${first}`)
  }, 120_000)
})
