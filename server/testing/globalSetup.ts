import { randomBytes } from 'node:crypto'
import { rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import type { TestProject } from 'vitest/node'
import { createTestApi } from './harness'
import { dropDatabase, type SeededTemplate } from './testDatabase'

/**
 * Once per `vitest run`: one database migrated and seeded with the demo data, exactly as
 * createTestApi made it for every test file before, which every test file's database now starts
 * as a copy of (docs/performance.md, "The test suites"). On PGlite a dump of its data directory
 * in a file, on PostgreSQL a template database; removed when the run ends.
 */
export default async function setup(project: TestProject) {
  const api = await createTestApi({}, { fresh: true, keep: true })
  let template: SeededTemplate
  let remove: () => Promise<void>
  if (api.database.kind === 'pglite') {
    const client = (api.database.db as unknown as { $client: PGlite }).$client
    const dump = await client.dumpDataDir('none')
    const file = path.join(
      tmpdir(),
      `vcc-test-${process.pid}-${randomBytes(4).toString('hex')}.tar`,
    )
    await writeFile(file, new Uint8Array(await dump.arrayBuffer()))
    template = { kind: 'pglite', file }
    remove = () => rm(file, { force: true })
  } else {
    const url = process.env.DATABASE_URL!
    const name = new URL(api.database.url!).pathname.slice(1)
    template = { kind: 'postgres', name }
    remove = () => dropDatabase(url, name)
  }
  // Closed before any copy is made: PostgreSQL copies a template nobody is connected to.
  await api.close()
  project.provide('seededTemplate', template)
  return remove
}
