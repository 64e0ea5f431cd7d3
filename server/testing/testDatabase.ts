import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import pg from 'pg'
import { openDatabase, type Database } from '../db/client'

/**
 * A migrated, demo-seeded database made once per test run (server/testing/globalSetup.ts),
 * which each test file's database starts as a copy of: on PGlite a dump of its data directory
 * in a file, on PostgreSQL a template database.
 */
export type SeededTemplate = { kind: 'pglite'; file: string } | { kind: 'postgres'; name: string }

/**
 * A fresh database for one test file: in-memory PGlite by default, or — when DATABASE_URL is
 * set — a new PostgreSQL database created beside it and dropped at close. Empty, unless
 * `template` is given: then a copy of that migrated and seeded database. `keep`: a PostgreSQL
 * database stays when closed (the run's template, dropped when the run ends).
 */
export async function openTestDatabase(
  template?: SeededTemplate,
  { keep = false }: { keep?: boolean } = {},
): Promise<Database & { url?: string }> {
  const url = process.env.DATABASE_URL
  if (!url) {
    if (template?.kind !== 'pglite') return openDatabase({ dataDir: 'memory://' })
    const loadDataDir = new Blob([await readFile(template.file)])
    return openDatabase({ dataDir: 'memory://', loadDataDir })
  }
  const name = `vcc_test_${randomBytes(6).toString('hex')}`
  await createDatabase(url, name, template?.kind === 'postgres' ? template.name : undefined)
  const target = new URL(url)
  target.pathname = `/${name}`
  const database = openDatabase({ url: target.toString(), dataDir: '' })
  return {
    ...database,
    /** Its address, for a server process started on it (the bank test). */
    url: target.toString(),
    async close() {
      await database.close()
      if (!keep) await dropDatabase(url, name)
    },
  }
}

/** A key for the advisory lock that copies of a template take turns under (any constant). */
const CLONE_LOCK_KEY = 7_017_170_002

/**
 * Creates `name` on the server at `url`, empty or as a copy of `template`. Copies take turns:
 * PostgreSQL refuses to copy a template while another session is on it.
 */
export async function createDatabase(url: string, name: string, template?: string) {
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  try {
    if (template) await admin.query('select pg_advisory_lock($1)', [CLONE_LOCK_KEY])
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`)
  } finally {
    // Ending the session releases the lock.
    await admin.end()
  }
}

export async function dropDatabase(url: string, name: string) {
  const dropper = new pg.Client({ connectionString: url })
  await dropper.connect()
  await dropper.query(`drop database if exists ${name} with (force)`)
  await dropper.end()
}
