import { sql } from 'drizzle-orm'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { openDatabase } from './client'

const url = process.env.DATABASE_URL

type Rows<T> = { rows: T[] }

describe.runIf(url)('the PostgreSQL pool', () => {
  it('survives the server ending an idle connection, and reports it', async () => {
    const errors: Error[] = []
    const database = openDatabase({ url, dataDir: '', onIdleError: (e) => errors.push(e) })
    const backend = (await database.db.execute(
      sql`select pg_backend_pid() as pid`,
    )) as unknown as Rows<{ pid: number }>
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query('select pg_terminate_backend($1)', [backend.rows[0].pid])
    await admin.end()
    await expect.poll(() => errors.length).toBeGreaterThan(0)
    // The next query gets a fresh connection.
    const again = (await database.db.execute(sql`select 1 as one`)) as unknown as Rows<{
      one: number
    }>
    expect(again.rows[0].one).toBe(1)
    await database.close()
  })
})
