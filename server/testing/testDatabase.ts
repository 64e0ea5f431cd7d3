import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { openDatabase, type Database } from '../db/client'

/**
 * A fresh, empty database for one test file: in-memory PGlite by default, or — when
 * DATABASE_URL is set — a new PostgreSQL database created beside it and dropped at close.
 */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  const url = process.env.DATABASE_URL
  if (!url) return openDatabase({ dataDir: 'memory://' })
  const name = `vcc_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const target = new URL(url)
  target.pathname = `/${name}`
  const database = openDatabase({ url: target.toString(), dataDir: '' })
  return {
    ...database,
    /** Its address, for a server process started on it (the bank test). */
    url: target.toString(),
    async close() {
      await database.close()
      const dropper = new pg.Client({ connectionString: url })
      await dropper.connect()
      await dropper.query(`drop database if exists ${name} with (force)`)
      await dropper.end()
    },
  }
}
